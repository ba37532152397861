/**
 * The outbox: reports made while offline, or whose upload or save failed in
 * transport, kept on the device (IndexedDB, with the already downscaled
 * photo) and sent when the connection returns. Every send of one report
 * carries the same idempotency key, so the server records it once however
 * many times it is tried (docs/api.md). Loaded after the page is interactive.
 *
 * A report is sent as the form sends it: the photo to storage for a
 * temporary key, then the fields to the form's action. The app's definite
 * refusals (400, 403, 404, a sign-in redirect) stop the retries and keep the
 * report for the hunter to fix or discard; anything else is a transport
 * failure, tried again with backoff.
 *
 * Each report is its hunter's: it is sent only while the server says that
 * same hunter is signed in on this browser (asked just before sending, not
 * taken from the page, which may be older than the session), and it carries
 * their id, so the server refuses it under anyone else's session. Another
 * hunter's report is held, shown as theirs, until they sign in here again.
 */
import { jimmyPath } from "~/lib/discoveries";
import { ALL_LANGUAGES, isLanguage, type Language, type MessageKey, msg, PSEUDO_LANGUAGE, translate } from "~/lib/language";
import { objectStore } from "./idb-store";
import { uploadPhoto, UploadError, type PreparedPhoto } from "./photo-upload";
import type { ReportFormKind } from "~/lib/report-form";

/** The hunter a report belongs to: their id, and their name to show while it is held for them. */
export type OutboxHunter = { id: string; name: string };

export type OutboxReport = {
  /** The report's idempotency key, also its key in the store. */
  id: string;
  /** Whose report it is; null for one kept before reports had an owner, which is never sent. */
  hunter: OutboxHunter | null;
  action: string;
  serialNumber: number;
  kind: ReportFormKind;
  fields: Array<[string, string]>;
  /** The downscaled photo, until storage has it. */
  photo: PreparedPhoto | null;
  tempPath: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  /** Why the app refused it; a refused report is not retried. */
  refusal: string | null;
};

export type SendOutcome =
  | { report: OutboxReport; result: "sent" }
  | { report: OutboxReport; result: "refused"; message: string }
  | { report: OutboxReport; result: "retry" };

export const OUTBOX_CHANGED = "jimmy-outbox-changed";
export const IDEMPOTENCY_FIELD = "idempotencyKey";
const DATABASE = "jimmy-hunt-outbox";
const STORE = "reports";
const LOCK = "jimmy-hunt-outbox";
const SYNC_TAG = "outbox";
/** Seconds between automatic tries of one report: 5 s, 15 s, 1 min, then every 5 min. */
const BACKOFF_MS = [5_000, 15_000, 60_000, 300_000];
const REFUSED_STATUSES = new Set([400, 403, 404, 409, 410, 413, 415, 422]);

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/;

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

const withStore = objectStore({ name: DATABASE, store: STORE, keyPath: "id", what: "outbox" });

let channel: BroadcastChannel | null = null;
function changed(): void {
  window.dispatchEvent(new Event(OUTBOX_CHANGED));
  channel ??= typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(DATABASE);
  channel?.postMessage("changed");
}

/** Calls back when this tab or another changes the outbox; returns the unsubscribe. */
export function onOutboxChange(callback: () => void): () => void {
  const other = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(DATABASE);
  if (other) other.onmessage = callback;
  window.addEventListener(OUTBOX_CHANGED, callback);
  return () => {
    other?.close();
    window.removeEventListener(OUTBOX_CHANGED, callback);
  };
}

export async function listOutbox(): Promise<OutboxReport[]> {
  const reports = await withStore<OutboxReport[]>("readonly", (store) => store.getAll() as IDBRequest<OutboxReport[]>);
  return reports.sort((a, b) => a.createdAt - b.createdAt);
}

async function put(report: OutboxReport): Promise<void> {
  await withStore("readwrite", (store) => store.put(report));
}

export async function discardReport(id: string): Promise<void> {
  await withStore("readwrite", (store) => store.delete(id));
  changed();
}

/** Asks the browser to wake a page when the connection is back (Background Sync, where it exists). */
async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await registration?.sync?.register(SYNC_TAG);
  } catch {
    // No Background Sync: the page's online and visibility events send it instead.
  }
}

/**
 * Keeps a report for sending later: the fields as the form would post them
 * (its idempotency key kept, or a new one put in), and the photo, either
 * already in storage (tempPath) or downscaled and waiting to be uploaded.
 */
export async function queueReport(input: {
  action: string;
  kind: ReportFormKind;
  hunter: OutboxHunter | null;
  body: FormData;
  photo: PreparedPhoto | null;
  tempPath: string;
}): Promise<OutboxReport> {
  const given = input.body.get(IDEMPOTENCY_FIELD);
  const id = typeof given === "string" && IDEMPOTENCY_KEY.test(given) ? given : newIdempotencyKey();
  const fields: Array<[string, string]> = [];
  for (const [name, value] of input.body.entries()) {
    if (typeof value === "string" && name !== "photo" && name !== "tempPath" && name !== IDEMPOTENCY_FIELD) fields.push([name, value]);
  }
  const serialNumber = Number(/^\/jimmy\/(\d+)\//.exec(input.action)?.[1]);
  if (!Number.isSafeInteger(serialNumber)) throw new Error(`Not a report form's address: ${input.action}`);
  const report: OutboxReport = {
    id,
    hunter: input.hunter,
    action: input.action,
    serialNumber,
    kind: input.kind,
    fields,
    photo: input.tempPath ? null : input.photo,
    tempPath: input.tempPath,
    createdAt: Date.now(),
    attempts: 0,
    nextAttemptAt: Date.now(),
    refusal: null,
  };
  await put(report);
  changed();
  void requestBackgroundSync();
  return report;
}

function backoff(attempts: number): number {
  return BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)] ?? 300_000;
}

/** Whether an answer is the app's own page at `path` (a proxy's or portal's page carries no CSP of ours). */
function appPageAt(response: Response, path: string): boolean {
  return new URL(response.url).pathname === path && (response.headers.get("Content-Security-Policy") ?? "").includes("default-src 'self'");
}

/** The page's language (the document's lang, as the server wrote it), else English. */
function pageLanguage(): Language {
  const lang = typeof document === "undefined" ? "" : document.documentElement.lang;
  return isLanguage(lang, [...ALL_LANGUAGES, PSEUDO_LANGUAGE]) ? lang : "en";
}

/**
 * Why the app refused a report, worded in the page's language when it is
 * refused: the outbox keeps it as text, shown until the report is sent again or discarded.
 */
function refusalText(status: number): string {
  let message: MessageKey;
  if (status === 404) message = msg("This Jimmy could not be found any more.");
  else if (status === 403) message = msg("The app refused this report.");
  else message = msg("The app refused this report: open the form to check the photo and location, or discard it.");
  return translate(pageLanguage(), message);
}

async function sendOne(report: OutboxReport): Promise<SendOutcome> {
  let tempPath = report.tempPath;
  if (!tempPath && report.photo) {
    try {
      tempPath = await uploadPhoto(report.photo, () => undefined);
    } catch (error) {
      if (error instanceof UploadError && !error.retryable) return { report, result: "refused", message: error.message };
      return { report, result: "retry" };
    }
    report = { ...report, tempPath, photo: null };
    await put(report);
  }
  const body = new FormData();
  for (const [name, value] of report.fields) body.append(name, value);
  body.set("tempPath", tempPath);
  body.set(IDEMPOTENCY_FIELD, report.id);
  let response: Response;
  try {
    response = await fetch(report.action, { method: "POST", body, credentials: "same-origin", headers: { Accept: "text/html" } });
  } catch {
    return { report, result: "retry" };
  }
  void response.body?.cancel();
  if (new URL(response.url).pathname.startsWith("/login")) {
    return { report, result: "refused", message: translate(pageLanguage(), msg("You were signed out: sign in again, then send it.")) };
  }
  if (response.ok && appPageAt(response, jimmyPath(report.serialNumber))) return { report, result: "sent" };
  // The modal's report is answered on its own page rather than redirected.
  if (response.ok && report.kind === "modal" && appPageAt(response, report.action)) return { report, result: "sent" };
  if (
    REFUSED_STATUSES.has(response.status) &&
    (response.headers.get("Content-Security-Policy") ?? response.headers.get("X-Content-Type-Options"))
  ) {
    return { report, result: "refused", message: refusalText(response.status) };
  }
  return { report, result: "retry" };
}

/**
 * Sends the waiting reports whose time has come (all of them when `now` is
 * set), one tab at a time, and records each outcome. Returns the outcomes.
 */
export async function sendOutbox({ now = false } = {}): Promise<SendOutcome[]> {
  if (!navigator.onLine) return [];
  const run = async () => {
    const outcomes: SendOutcome[] = [];
    const due = (await listOutbox()).filter((report) => now || (!report.refusal && report.nextAttemptAt <= Date.now()));
    if (!due.length) return outcomes;
    const hunter = await signedInHunter();
    for (const report of due) {
      // Another hunter's report waits for them; sent under this session it would be recorded as this hunter's.
      if (hunter !== "unknown" && !isHuntersReport(report, hunter)) continue;
      // Who is signed in could not be asked: a transport failure like any other, tried again with backoff.
      const outcome = hunter === "unknown" ? ({ report, result: "retry" } as const) : await sendOne({ ...report, refusal: null });
      outcomes.push(outcome);
      if (outcome.result === "sent") await withStore("readwrite", (store) => store.delete(report.id));
      else if (outcome.result === "refused") await put({ ...outcome.report, refusal: outcome.message });
      else {
        const attempts = outcome.report.attempts + 1;
        await put({ ...outcome.report, attempts, nextAttemptAt: Date.now() + backoff(attempts) });
      }
    }
    if (outcomes.length) changed();
    return outcomes;
  };
  return navigator.locks ? navigator.locks.request(LOCK, run) : run();
}

/**
 * The id of the hunter signed in on this browser now (null: nobody), as the
 * server answers; "unknown" when it could not be asked.
 */
async function signedInHunter(): Promise<string | null | "unknown"> {
  try {
    const response = await fetch("/api/auth/user", {
      credentials: "same-origin",
      cache: "no-store",
      headers: { Accept: "application/json" },
    });
    if (response.status === 401) return null;
    const { id } = (await response.json()) as { id?: unknown };
    return response.ok && typeof id === "number" ? String(id) : "unknown";
  } catch {
    return "unknown";
  }
}

/** Whether a report is `hunter`'s own (reports kept before they had an owner are nobody's). */
export function isHuntersReport(report: OutboxReport, hunter: string | null): boolean {
  return hunter !== null && report.hunter?.id === hunter;
}

/** The earliest time a waiting report is due, or null when none waits. */
export function nextAttemptAt(reports: OutboxReport[]): number | null {
  const due = reports.filter((report) => !report.refusal).map((report) => report.nextAttemptAt);
  return due.length ? Math.min(...due) : null;
}
