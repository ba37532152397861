import path from "node:path";
import { ESLint, type Linter } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { lintConfig } from "../../eslint.config.js";

/** A miniature tree laid out like the repository (app/lib, browser, components, models, services, infra, routes). */
const fixtures = path.resolve(import.meta.dirname, "lint-fixtures");

type Finding = { rule: string | null; message: string };
let findings: Map<string, Finding[]>;

beforeAll(async () => {
  // typescript-eslint's config type and ESLint's differ only in how loosely they type languageOptions.
  const config = lintConfig(fixtures) as Linter.Config[];
  const eslint = new ESLint({ cwd: fixtures, overrideConfigFile: true, overrideConfig: config });
  const results = await eslint.lintFiles(["app"]);
  findings = new Map(
    results.map((result) => [
      path.relative(fixtures, result.filePath),
      result.messages.map((message) => ({ rule: message.ruleId, message: message.message })),
    ]),
  );
}, 60_000);

const findingsIn = (file: string) => {
  expect(findings.has(file), `${file} was linted`).toBe(true);
  return findings.get(file)!;
};

describe("the lint rules that hold the layers", () => {
  it("fail on a two-file import cycle, followed through the ~/ alias", () => {
    expect(findingsIn("app/lib/cycle-a.ts")).toEqual([{ rule: "import-x/no-cycle", message: expect.stringContaining("cycle") }]);
    expect(findingsIn("app/lib/cycle-b.ts")).toEqual([{ rule: "import-x/no-cycle", message: expect.stringContaining("cycle") }]);
  });

  it("fail on a component importing a .server module, wherever it lives", () => {
    expect(findingsIn("app/components/Secret-violation.tsx")).toEqual([
      {
        rule: "layers/boundaries",
        message: expect.stringContaining("app/components, app/lib and app/browser are bundled for the browser"),
      },
    ]);
  });

  it("fail on browser-only code importing a .server module", () => {
    expect(findingsIn("app/browser/session-violation.ts")).toEqual([
      { rule: "layers/boundaries", message: expect.stringContaining("never import server code") },
    ]);
  });

  it("fail on shared or server code importing browser-only code, through the ~/ alias or a relative path", () => {
    for (const file of ["app/lib/queue-violation.ts", "app/services/queue-violation.server.ts"]) {
      expect(findingsIn(file), file).toEqual([
        { rule: "layers/boundaries", message: expect.stringContaining("app/browser runs in the browser only") },
      ]);
    }
  });

  it("fail on a component importing a model", () => {
    expect(findingsIn("app/components/Names-violation.tsx")).toEqual([
      { rule: "layers/boundaries", message: expect.stringContaining("never import server code") },
    ]);
  });

  it("fail on a component or a lib module importing the root route, through the ~/ alias or a relative path", () => {
    for (const file of ["app/components/Greeting-violation.tsx", "app/lib/title-violation.ts"]) {
      expect(findingsIn(file), file).toEqual([
        { rule: "layers/boundaries", message: expect.stringContaining("never import the root route") },
      ]);
    }
  });

  it("fail on a model importing a service, or infrastructure other than the database", () => {
    for (const file of ["app/models/reports-violation.server.ts", "app/models/photos-violation.server.ts"]) {
      expect(findingsIn(file), file).toEqual([
        { rule: "layers/boundaries", message: expect.stringContaining("a model imports only the database") },
      ]);
    }
  });

  it("fail on a domain service importing request-level code", () => {
    expect(findingsIn("app/services/welcome-violation.server.ts")).toEqual([
      { rule: "layers/boundaries", message: expect.stringContaining("know nothing of HTTP") },
    ]);
  });

  it("fail on a route importing kysely", () => {
    expect(findingsIn("app/routes/report-violation.tsx")).toEqual([
      { rule: "no-restricted-imports", message: expect.stringContaining("routes hold no SQL") },
    ]);
  });

  it("fail on a route building a query through the db it holds", () => {
    expect(findingsIn("app/routes/count-violation.tsx")).toEqual([
      { rule: "no-restricted-syntax", message: expect.stringContaining("routes hold no SQL") },
    ]);
  });

  it("fail on a folder route's part beside route.tsx importing server code, since it is bundled for the browser", () => {
    expect(findingsIn("app/routes/greeting/Names-violation.tsx")).toEqual([
      { rule: "layers/boundaries", message: expect.stringContaining("beside a folder route's route.tsx is bundled for the browser") },
    ]);
  });

  it("fail on a folder route's server part building a query, as any route's code does", () => {
    expect(findingsIn("app/routes/greeting/count-violation.server.ts")).toEqual([
      { rule: "no-restricted-syntax", message: expect.stringContaining("routes hold no SQL") },
    ]);
  });

  it("fail on a service importing kysely", () => {
    expect(findingsIn("app/services/tally-violation.server.ts")).toEqual([
      { rule: "no-restricted-imports", message: expect.stringContaining("services hold no SQL") },
    ]);
  });

  it("fail on a service building a query through the db it holds", () => {
    expect(findingsIn("app/services/count-violation.server.ts")).toEqual([
      { rule: "no-restricted-syntax", message: expect.stringContaining("services hold no SQL") },
    ]);
  });

  it("pass code that keeps to the layers, type-only imports across them included", () => {
    const clean = [...findings].filter(([file]) => !file.includes("violation") && !file.includes("cycle-"));
    expect(clean.map(([file]) => file).sort()).toEqual([
      "app/browser/outbox.ts",
      "app/components/Queue.tsx",
      "app/components/Shout.tsx",
      "app/infra/db.server.ts",
      "app/infra/storage.server.ts",
      "app/lib/format.ts",
      "app/models/names.server.ts",
      "app/root.tsx",
      "app/routes/greeting/Card.tsx",
      "app/routes/greeting/greet.server.ts",
      "app/routes/greeting/route.tsx",
      "app/routes/names.tsx",
      "app/routes/profile.server.ts",
      "app/services/mailer.server.ts",
      "app/web/session.server.ts",
    ]);
    for (const [file, found] of clean) expect(found, file).toEqual([]);
  });
});
