/**
 * The service worker (docs/decisions/010-service-worker.md). Bundled by
 * scripts/build-service-worker.ts after the app's build; Workbox fills in
 * the list of the build's files to precache.
 *
 * - The app's code (hashed /assets), the offline page and the icons are
 *   precached, so a page can load its next route's code without a network.
 * - Pages are network-first: each page a hunter opens is saved, and shown
 *   again when the network fails, marked as a saved copy with its date
 *   (data-saved-copy on <html>; the page shows the banner). A page never
 *   opened gets the offline page. The pages the worker does not see load
 *   (the one that installed it, those reached by the app's own navigation,
 *   which loads only their data) are named by the page (SAVE_PAGE), and the
 *   worker fetches and saves them.
 * - The page's words (/words/{language}-{hash}.json, named by each page) are
 *   kept under their name, which changes when they do: a page opened offline
 *   finds them and becomes interactive. A page saved is read for its words'
 *   name, so that the words of a page whose own fetch the worker did not see
 *   (the one that installed it) are kept too.
 * - Nothing personal outlives a session: saved pages are dropped on sign-out
 *   and sign-in, and by the page once it learns the session is another
 *   hunter's or nobody's (ended elsewhere, account deleted; keepSavedPagesOf);
 *   loader data (`.data`), the JSON API and uploads are never stored.
 * - A new version waits until the page asks it to take over (the page's
 *   "New version available" prompt), so an open page never loses its code.
 */
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { BY_ADDRESS, SAVED_AT_HEADER, SAVED_PAGES_CACHE, keepSavedPagesOf, savedCopyKey } from "../browser/saved-copy";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const OFFLINE_PAGE = "/offline.html";
/** Addresses whose answer is never a page to keep: sign-in, the API, admin, uploads. */
const NEVER_SAVED = /^\/(api|admin|login|uploads|media|q)(\/|$|\.)/;
/** Navigations that change who is signed in: every saved page goes. */
const SESSION_CHANGES = /^\/(api\/logout|api\/login|api\/auth\/|api\/admin\/login)/;
const MAX_SAVED_PAGES = 40;
/** The pages' words: not personal, so kept across sessions; a few versions and languages at most. */
const WORDS_CACHE = "words";
const WORDS = /^\/words\/[^/]+\.json$/;
const MAX_KEPT_WORDS = 8;
/** Counts the times the saved pages were cleared: a page fetched before one is a past session's, and is not kept. */
let clearings = 0;
/** Pages being fetched on a page's word (SAVE_PAGE), by key: one fetch each, however often they are named. */
const fetching = new Map<string, Promise<void>>();
/**
 * What changes the saved pages (a save, the owner check) runs one after the
 * other: the check reads a copy's date and then deletes it, and a copy saved
 * in between would go in its place.
 */
let changes: Promise<void> = Promise.resolve();
/** app/browser/outbox.ts's database. */
const OUTBOX_DATABASE = "jimmy-hunt-outbox";

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

self.addEventListener("message", (event) => {
  const message: unknown = event.data;
  if (typeof message !== "object" || message === null || !("type" in message)) return;
  if (message.type === "SKIP_WAITING") void self.skipWaiting();
  if (message.type === "CLEAR_SAVED_PAGES") event.waitUntil(clearSavedPages());
  // A page's times come as ages (how long ago it was asked for), read on this worker's clock: the
  // one the saved copies are dated by, which the page's may not be (a phone's clock set, a test's).
  const since = "age" in message && typeof message.age === "number" && message.age >= 0 ? Date.now() - message.age : 0;
  if (message.type === "SAVE_PAGE" && "url" in message && typeof message.url === "string") {
    event.waitUntil(saveOpenedPage(message.url, since));
  }
  if (message.type === "SAVED_PAGES_OWNER" && "owner" in message && typeof message.owner === "string") {
    event.waitUntil(inTurn(() => keepSavedPagesOf(message.owner as string, since)));
  }
});

// Background Sync wakes an open page to send the outbox (the upload needs the page's code).
self.addEventListener("sync", (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag !== "outbox") return;
  sync.waitUntil(
    self.clients.matchAll({ type: "window" }).then((clients) => {
      for (const client of clients) client.postMessage({ type: "SEND_OUTBOX" });
      if (clients.length === 0) throw new Error("No open page to send the outbox from yet.");
    }),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "GET" && WORDS.test(url.pathname)) {
    event.respondWith(keptWords(url.href));
    return;
  }
  if (request.mode !== "navigate") return;
  if (SESSION_CHANGES.test(url.pathname)) {
    event.waitUntil(Promise.all([clearSavedPages(), url.pathname.startsWith("/api/logout") ? forgetOutbox() : undefined]));
    return;
  }
  if (request.method !== "GET") return;
  event.respondWith(page(request, url, event));
});

/** Runs `change` once the changes asked for before it are done. */
function inTurn(change: () => Promise<void>): Promise<void> {
  const done = changes.then(change).catch(() => undefined);
  changes = done;
  return done;
}

async function clearSavedPages(): Promise<void> {
  clearings += 1;
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => !name.startsWith("workbox-precache") && name !== WORDS_CACHE).map((name) => caches.delete(name)),
  );
}

/** A page's words: the kept copy, else fetched and kept (the oldest go past a few). */
async function keptWords(address: string): Promise<Response> {
  const cache = await caches.open(WORDS_CACHE);
  const kept = await cache.match(address);
  if (kept) return kept;
  const response = await fetch(address);
  if (response.ok) {
    await cache.put(address, response.clone());
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_KEPT_WORDS)).map((key) => cache.delete(key)));
  }
  return response;
}

/** Reports still waiting on this device are the signed-out hunter's: they go with the session. */
function forgetOutbox(): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(OUTBOX_DATABASE);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

async function page(request: Request, url: URL, event: FetchEvent): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const saved = NEVER_SAVED.test(url.pathname) ? undefined : await savedCopy(url);
    if (saved) return saved;
    const offline = await matchPrecache(OFFLINE_PAGE);
    if (offline) return offline;
    throw error;
  }
  if (isPageToKeep(url, response)) event.waitUntil(save(url, response.clone(), clearings));
  return response;
}

function isPageToKeep(url: URL, response: Response): boolean {
  return response.status === 200 && !NEVER_SAVED.test(url.pathname) && (response.headers.get("Content-Type") ?? "").startsWith("text/html");
}

/**
 * A page the hunter has open, named by the page: the one that installed this
 * worker (nothing controlled it when it was asked for) and each page reached
 * by the app's own navigation. Unless it was saved since `since` (the page's
 * own request, when this worker answered it), it is fetched as the browser
 * would load it, with the hunter's cookies, and saved like any other.
 */
async function saveOpenedPage(address: string, since: number): Promise<void> {
  const url = new URL(address, self.location.origin);
  url.hash = "";
  if (url.origin !== self.location.origin || NEVER_SAVED.test(url.pathname)) return;
  const key = savedCopyKey(url);
  const saved = await (await caches.open(SAVED_PAGES_CACHE)).match(key, BY_ADDRESS);
  if (Date.parse(saved?.headers.get(SAVED_AT_HEADER) ?? "") >= since) return;
  const pending = fetching.get(key);
  if (pending) return pending;
  const clearedBefore = clearings;
  const saving = fetch(url.href, { credentials: "same-origin", redirect: "manual", headers: { Accept: "text/html" } })
    .then((response) => (isPageToKeep(url, response) ? save(url, response, clearedBefore) : undefined))
    // Offline again, or the server failed: the page is simply not kept this time.
    .catch(() => undefined)
    .finally(() => fetching.delete(key));
  fetching.set(key, saving);
  return saving;
}

/** Saves a page, unless the saved pages were cleared (a sign-out, a sign-in) since it was asked for. */
async function save(url: URL, response: Response, clearedBefore: number): Promise<void> {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  headers.delete("Set-Cookie");
  // The copy is this hunter's page at this address, not a shared one to pick among variants.
  headers.delete("Vary");
  const html = await response.text();
  const copy = new Response(html, { status: 200, statusText: "OK", headers });
  // Its words, which it fetched itself (before this worker saw it, for the page that installed it).
  const words = /<link[^>]*\bid="words"[^>]*>/.exec(html)?.[0].match(/\bhref="([^"]+)"/)?.[1];
  if (words) await keptWords(new URL(words, self.location.origin).href).catch(() => undefined);
  await inTurn(async () => {
    if (clearings !== clearedBefore) return;
    const cache = await caches.open(SAVED_PAGES_CACHE);
    await cache.put(savedCopyKey(url), copy);
    const keys = await cache.keys();
    // The oldest saved pages go first (keys come back in the order they were stored).
    await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_SAVED_PAGES)).map((key) => cache.delete(key, BY_ADDRESS)));
  });
}

/** A saved page, its <html> marked with when it was saved so the page can say so. */
async function savedCopy(url: URL): Promise<Response | undefined> {
  const cache = await caches.open(SAVED_PAGES_CACHE);
  const saved = await cache.match(savedCopyKey(url), BY_ADDRESS);
  if (!saved) return undefined;
  const savedAt = saved.headers.get(SAVED_AT_HEADER) ?? "";
  const html = (await saved.text()).replace(/<html\b/i, `<html data-saved-copy="${savedAt.replace(/[^0-9TZ:.-]/g, "")}"`);
  const headers = new Headers(saved.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(html, { status: 200, statusText: "OK", headers });
}
