import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /**
     * The address of the connection the request came on (server/app.ts);
     * app/web/client-address.server.ts turns it into the client's
     * address. Set by `npm start` and `npm run dev` alike.
     */
    socketAddress?: string | null;
    /** The request's id (server/request-log.ts), shown on error pages so a report can be matched to its log line. */
    requestId?: string;
    /** What the app notes for the request's log line: the signed-in hunter (hashed there). */
    requestNotes?: { hunterId?: number };
  }
}
