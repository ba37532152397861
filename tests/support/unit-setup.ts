import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Every test worker gets its own data directory, so tests never touch ./data
// and workers never share a database file.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), `jimmy-hunt-unit-${process.pid}-`));
process.env.DATA_DIR = dir;
process.env.NODE_ENV = "test";
delete process.env.DATABASE_URL;
await import("~/web/language.server");
