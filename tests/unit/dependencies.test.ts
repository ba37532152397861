import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRECTORIES = ["app", "server", "scripts", "db", "tests"];
const SKIPPED_DIRECTORIES = new Set(["node_modules", "build", ".artifacts"]);

/** The package a bare import names ("@scope/name" or "name"), or null for a relative, aliased or built-in one. */
function packageOf(specifier: string): string | null {
  if (/^[./~#]/.test(specifier) || specifier.startsWith("node:") || specifier.startsWith("virtual:")) return null;
  const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
  return builtinModules.includes(name) ? null : name;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)|\brequire\(\s*["']([^"']+)["']\s*\)/gm;

/** Every package a source text imports (static, dynamic, re-export or require). */
function importedPackages(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((match) => packageOf(match[1] ?? match[2] ?? match[3]!)).filter((name) => name !== null);
}

function sourceFiles(): string[] {
  const files: string[] = fs.readdirSync(root).filter((file) => /\.(?:[cm]?[jt]s)$/.test(file));
  const walk = (directory: string) => {
    for (const entry of fs.readdirSync(path.join(root, directory), { withFileTypes: true })) {
      const file = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) walk(file);
      } else if (/\.(?:[cm]?[jt]sx?)$/.test(entry.name)) files.push(file);
    }
  };
  for (const directory of SOURCE_DIRECTORIES) walk(directory);
  return files;
}

describe("the packages the code imports", () => {
  it("reads the package out of every form of import", () => {
    const source = [
      'import { a } from "left-pad";',
      "import {\n  b,\n  c,\n} from '@scope/multi/deep/path.js';",
      'import type { T } from "typed-only";',
      'export { d } from "re-exported";',
      'const e = await import("loaded-later");',
      'const f = require("required");',
      'import "side-effect";',
      'import g from "./relative"; import h from "~/alias"; import i from "#db/schema"; import j from "node:fs"; import k from "path";',
    ].join("\n");
    expect(importedPackages(source)).toEqual([
      "left-pad",
      "@scope/multi",
      "typed-only",
      "re-exported",
      "loaded-later",
      "required",
      "side-effect",
    ]);
  });

  it("are all declared in package.json, so a fresh install provides them whatever other packages pull in", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as Record<
      string,
      Record<string, string> | undefined
    >;
    const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);
    const undeclared = new Map<string, string[]>();
    // This file's own examples name made-up packages.
    for (const file of sourceFiles().filter((file) => path.join(root, file) !== import.meta.filename)) {
      for (const name of importedPackages(fs.readFileSync(path.join(root, file), "utf8"))) {
        if (!declared.has(name)) undeclared.set(name, [...(undeclared.get(name) ?? []), file]);
      }
    }
    expect(Object.fromEntries(undeclared)).toEqual({});
  });
});
