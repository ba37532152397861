import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "~/infra/env.server";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** The variables named in the first column of README's Configuration table. */
function readmeVariables(): string[] {
  const section = read("README.md")
    .split(/^## /m)
    .find((part) => part.startsWith("Configuration\n"));
  if (!section) throw new Error("README.md has no Configuration section");
  const rows = section.split("\n").filter((line) => line.startsWith("| `"));
  return sorted(rows.flatMap((row) => [...row.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!)));
}

/** The variables .env.example sets or shows commented out (`NAME=` or `# NAME=`). */
function envExampleVariables(): string[] {
  return sorted([...read(".env.example").matchAll(/^(?:# ?)?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!));
}

describe("the configuration's documentation", () => {
  it("README's Configuration table names every setting the schema reads, and no other", () => {
    expect(readmeVariables()).toEqual(sorted(CONFIG_VARIABLES));
  });

  it(".env.example shows every setting the schema reads, and no other", () => {
    expect(envExampleVariables()).toEqual(sorted(CONFIG_VARIABLES));
  });
});
