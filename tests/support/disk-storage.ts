import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { LocalDiskStorage } from "~/infra/storage.server";

/**
 * Local disk storage in a directory of its own for each test of the file that
 * calls this: made before each test, removed after it. Read `disk.storage` and
 * `disk.root` inside tests and hooks.
 */
export function diskStoragePerTest(prefix: string): { readonly root: string; readonly storage: LocalDiskStorage } {
  let current: { root: string; storage: LocalDiskStorage } | undefined;
  beforeEach(() => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    current = { root, storage: new LocalDiskStorage(root) };
  });
  afterEach(() => {
    if (current) fs.rmSync(current.root, { recursive: true, force: true });
    current = undefined;
  });
  const running = () => {
    if (!current) throw new Error("The test storage exists only while a test runs.");
    return current;
  };
  return {
    get root() {
      return running().root;
    },
    get storage() {
      return running().storage;
    },
  };
}
