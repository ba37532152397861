import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { messageNumbers } from "./scripts/i18n-vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const CARD_PARTS = /\/app\/(components\/(DiscoveryPhoto|ShareButton|OwnActions)\.tsx|lib\/(dates|recently-used)\.ts)$/;
const REPORT_PARTS = /\/app\/(components\/(ReportFormError|ui\/field-parts)\.tsx|lib\/(missing|comments)\.ts)$/;
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)\//;
const ROOT_SHARED =
  /\/app\/(root\.tsx|lib\/transport\.ts|browser\/client-action\.ts|lib\/format\.ts|lib\/link-preview\.ts|lib\/page-cache\.ts|lib\/language\.ts|lib\/messages\.ts|components\/i18n\.tsx|components\/useHydrated\.ts|components\/root-data\.ts|components\/ui\/(icons|Button|ErrorPage|error-parts)\.tsx?)$/;

export default defineConfig(({ isSsrBuild }) => ({
  server: { port: 3000 },
  build: {
    // Keep the server bundle's top-level await (migrations run before serving).
    target: "es2022",
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Every page loads the same two shared files before its own route's code:
            // - "framework": React and Remix, which change only when a dependency is upgraded, so a
            //   deploy of the app's own code leaves the browser's copy good;
            // - "root-shared": the root's code (header, footer, buttons; the error page's own code loads
            //   only when a page shows it or once the page is idle) with what it
            //   imports that every page needs anyway (the transport helpers, names and numbers, the
            //   icons) and Vite's helper for dynamic imports, and what nearly every page's own code
            //   imports (its link-preview tags, its page-cache mark, the hydration hook). Left to
            //   itself, Rollup split these into seven more files of 0.1–0.5 KB, each a request of
            //   its own on a phone's slow connection.
            // - "card-parts": what a discovery card needs beyond the feed's own code, with the wording
            //   of dates and ages, which only pages with cards or comments show.
            manualChunks: (id: string) =>
              FRAMEWORK.test(id)
                ? "framework"
                : id.includes("vite/preload-helper") || ROOT_SHARED.test(id)
                  ? "root-shared"
                  : CARD_PARTS.test(id)
                    ? "card-parts"
                    : // The field parts ride with the report pages' error page, a file the report pages and the
                      // Jimmy page (whose comment form uses them) load anyway, rather than in a file of their own;
                      // so do the comment and missing-report rules the Jimmy page needs (0.1 KB each, and a
                      // request each on their own).
                      REPORT_PARTS.test(id)
                      ? "report-parts"
                      : undefined,
          },
        },
  },
  esbuild: { legalComments: "eof" },
  plugins: [
    messageNumbers(),
    tailwindcss(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
  ],
}));
