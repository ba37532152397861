import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers of app/, by folder. A folder added to the tree joins the layer it belongs to here, and the
 * boundary rules below follow: a new home for server-only code (request-level controllers, say app/web/)
 * goes into SERVER_ONLY, and into ABOVE_MODELS when it calls models; a new home for code the browser bundle
 * may load goes nowhere (it is free to import lib and components). Globs are relative to the repository root.
 */
const LAYERS = {
  /** Code that runs on the server only: never reachable from the browser bundle. */
  SERVER_ONLY: [
    "app/infra/**",
    "app/models/**",
    "app/services/**",
    "app/web/**",
    "server/**",
    "app/**/*.server.{ts,tsx}",
    "app/**/.server/**",
  ],
  /** Infrastructure: the database, its driver, storage, configuration. */
  INFRA: ["app/infra/**"],
  /** What a model may use of infra. */
  INFRA_FOR_MODELS: ["app/infra/db.server.{ts,tsx}"],
  /** Code above the models, which calls them: domain services, controllers, routes, components, the HTTP server. */
  ABOVE_MODELS: ["app/services/**", "app/web/**", "app/routes/**", "app/components/**", "server/**"],
  /** Request-level code: reads a Request or builds a Response (controllers, sessions, cookies, form parsing, rendering). */
  WEB: ["app/web/**", "app/routes/**", "server/**"],
  /** The root route: its loader imports models and infra, so the browser-bundled code it renders never imports it back. */
  ROOT_ROUTE: ["app/root.tsx"],
  /** Code that runs in the browser only (window, IndexedDB, the Cache API, the outbox): never run on the server. */
  BROWSER_ONLY: ["app/browser/**"],
  /** Code that runs on both sides: what the browser bundle may hold and the server may run. */
  SHARED: ["app/lib/**"],
  /**
   * A folder route's parts (ADR 014): `app/routes/<name>/route.tsx` is the route; the modules beside it are not
   * routes, and what its page imports of them is bundled for the browser with it, unless named `*.server`.
   */
  ROUTE_PARTS: ["app/routes/*/**"],
  /** A folder route's route module, and its parts that run on the server only. */
  ROUTE_PARTS_NOT_BUNDLED: ["app/routes/*/route.{ts,tsx}", "app/**/*.server.{ts,tsx}", "app/**/.server/**"],
};

/** The boundary zones, each with the sentence a broken one prints; globs are taken from `root`. */
function boundaries(root) {
  return [
    {
      target: ["app/components/**", ...LAYERS.SHARED, ...LAYERS.BROWSER_ONLY],
      from: LAYERS.SERVER_ONLY,
      message:
        "Layer rule: app/components, app/lib and app/browser are bundled for the browser and never import server code (*.server modules, app/infra, app/models, app/services, server/).",
    },
    {
      target: [...LAYERS.SERVER_ONLY, ...LAYERS.SHARED],
      from: LAYERS.BROWSER_ONLY,
      message:
        "Layer rule: app/browser runs in the browser only (window, IndexedDB, the Cache API); server code and app/lib, which runs on both sides, never import it.",
    },
    {
      target: ["app/components/**", ...LAYERS.SHARED, ...LAYERS.BROWSER_ONLY],
      from: LAYERS.ROOT_ROUTE,
      message:
        "Layer rule: app/components and app/lib never import the root route (app/root.tsx), which imports server code: the root's data is in app/components/root-data, the button and error page in app/components/ui.",
    },
    {
      target: ["app/models/**"],
      from: [...LAYERS.INFRA, ...LAYERS.ABOVE_MODELS],
      except: LAYERS.INFRA_FOR_MODELS.map((glob) => `${root}/${glob}`),
      message:
        "Layer rule: a model imports only the database (app/infra/db.server), db/schema, app/lib and other models; storage, services and the rest of infra are the caller's to pass in.",
    },
    {
      target: ["app/services/**", "app/infra/**"],
      from: LAYERS.WEB,
      message:
        "Layer rule: domain services and infra know nothing of HTTP; they never import request-level code (app/web, app/routes, server/), which calls them.",
    },
  ];
}

/** The zone for a folder route's browser-bundled parts (the files LAYERS.ROUTE_PARTS_NOT_BUNDLED leaves out). */
const ROUTE_PART_ZONE = {
  target: LAYERS.ROUTE_PARTS,
  from: LAYERS.SERVER_ONLY,
  message:
    "Layer rule: a module beside a folder route's route.tsx is bundled for the browser with its page and never imports server code; put the server's part in a *.server.ts beside it, which route.tsx imports.",
};

/**
 * import-x/no-restricted-paths, blind to type-only imports: a type is erased at build time, so it neither
 * ships server code to the browser nor makes a runtime dependency (import-x/no-cycle ignores them likewise).
 */
const restrictedPaths = importX.rules["no-restricted-paths"];
const isTypeOnly = (node) =>
  node.importKind === "type" ||
  node.exportKind === "type" ||
  (node.type === "ImportDeclaration" &&
    node.specifiers.length > 0 &&
    node.specifiers.every((specifier) => specifier.importKind === "type"));
const layers = {
  rules: {
    boundaries: {
      ...restrictedPaths,
      create(context) {
        // An import inside two of a zone's `from` globs (a model is also a *.server module) is reported once.
        const reported = new Set();
        const reportOnce = (descriptor) => {
          if (reported.has(descriptor.node)) return;
          reported.add(descriptor.node);
          context.report(descriptor);
        };
        const visitors = restrictedPaths.create(Object.create(context, { report: { value: reportOnce } }));
        return Object.fromEntries(
          Object.entries(visitors).map(([selector, visit]) => [selector, (node) => (isTypeOnly(node) ? undefined : visit(node))]),
        );
      },
    },
  },
};

const TEST_FILES = ["**/*.test.{ts,tsx}", "**/__tests__/**", "tests/**"];

/** Pages link through app/components/Link.tsx, which the server renders for a fraction of Remix's cost. */
const REMIX_LINK = {
  name: "@remix-run/react",
  importNames: ["Link"],
  message: "Import Link from ~/components/Link: the server renders it for a fraction of what Remix's costs, with the same markup.",
};

/**
 * The whole configuration for a tree laid out like this repository's, rooted at `root` (the lint-rules unit
 * test lints a miniature tree of fixtures with it).
 */
export function lintConfig(root) {
  return tseslint.config(
    {
      ignores: [
        "build/**",
        "node_modules/**",
        "test-results/**",
        "playwright-report/**",
        "tests/.artifacts/**",
        "data/**",
        ".cache/**",
        // Deliberately broken code the lint-rules test lints on its own.
        "tests/unit/lint-fixtures/**",
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      files: ["**/*.{ts,tsx,js}"],
      languageOptions: {
        ecmaVersion: 2023,
        sourceType: "module",
        globals: { ...globals.browser, ...globals.node },
      },
      plugins: { "react-hooks": reactHooks, "import-x": importX, layers },
      settings: {
        "import-x/extensions": [".ts", ".tsx", ".js"],
        "import-x/external-module-folders": ["node_modules", "node_modules/@types"],
        "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
        // Resolves `~/` (→ app/) and `#db/` (→ db/) through tsconfig.json's paths.
        "import-x/resolver-next": [createTypeScriptImportResolver({ project: `${root}/tsconfig.json`, alwaysTryTypes: true })],
      },
      rules: {
        "react-hooks/rules-of-hooks": "error",
        "react-hooks/exhaustive-deps": "error",
        "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
        "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
        // Type-only imports are not followed (they vanish at build time); packages are not walked into.
        "import-x/no-cycle": ["error", { ignoreExternal: true }],
      },
    },
    {
      files: ["app/**/*.{ts,tsx}"],
      ignores: TEST_FILES,
      rules: {
        "layers/boundaries": ["error", { basePath: root, zones: boundaries(root) }],
        "no-restricted-imports": ["error", { paths: [REMIX_LINK] }],
      },
    },
    {
      // A folder route's parts are routes' code (the rest of these rules apply), bundled for the browser like components.
      files: LAYERS.ROUTE_PARTS.map((glob) => `${glob}/*.{ts,tsx}`),
      ignores: [...TEST_FILES, ...LAYERS.ROUTE_PARTS_NOT_BUNDLED],
      rules: { "layers/boundaries": ["error", { basePath: root, zones: [...boundaries(root), ROUTE_PART_ZONE] }] },
    },
    {
      // The one place Remix's own link is used: the server renders a cheaper one of the same markup.
      files: ["app/components/Link.tsx"],
      rules: { "no-restricted-imports": "off" },
    },
    ...[
      {
        files: ["app/routes/**/*.{ts,tsx}"],
        message: "Layer rule: routes hold no SQL; put the query in a model under app/models and call it.",
      },
      {
        files: ["app/services/**/*.{ts,tsx}"],
        message:
          "Layer rule: services hold no SQL; put the query in a model under app/models and call it (a transaction around model calls is fine).",
      },
    ].map(({ files, message }) => ({
      files,
      ignores: TEST_FILES,
      rules: {
        "no-restricted-imports": ["error", { paths: [REMIX_LINK], patterns: [{ group: ["kysely", "kysely/*"], message }] }],
        // Kysely's query builder is reached through the db that is handed in, without importing kysely.
        "no-restricted-syntax": [
          "error",
          {
            selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]",
            message,
          },
        ],
      },
    })),
    {
      files: ["db/migrations/**/*.ts"],
      rules: { "@typescript-eslint/no-explicit-any": "off" },
    },
  );
}

export default lintConfig(import.meta.dirname);
