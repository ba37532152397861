import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /**
     * The client's address, from the socket or, when TRUSTED_PROXY is set,
     * from that proxy's X-Forwarded-For (scripts/serve.ts). Absent in the
     * development server.
     */
    clientAddress?: string;
  }
}
