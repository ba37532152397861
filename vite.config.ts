import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  server: { port: 3000 },
  build: {
    // Keep the server bundle's top-level await (migrations run before serving).
    target: "es2022",
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Vite's helper for dynamic imports stays in the chunk of app/lib/transport.ts, which the root
            // loads on every page. Left to itself Rollup gives it a chunk of its own as soon as a route
            // without forms (/map) imports lazily, and every page pays for one more file.
            manualChunks: (id: string) =>
              id.includes("vite/preload-helper") || id.endsWith("/app/lib/transport.ts") ? "transport" : undefined,
          },
        },
  },
  esbuild: { legalComments: "eof" },
  plugins: [
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
