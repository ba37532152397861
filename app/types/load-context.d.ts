import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /**
     * The address of the connection the request came on (scripts/serve.ts);
     * app/web/client-address.server.ts turns it into the client's
     * address. Absent in the development server.
     */
    socketAddress?: string | null;
    /**
     * Set by the server's page cache when it renders a personal page
     * template (app/lib/personal-template.ts): the template's random tag.
     * Loaders of pages that offer one return markers with it instead of the
     * hunter's own data.
     */
    personalTemplate?: string;
  }
}
