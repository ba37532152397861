import crypto from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import type { SessionKind } from "#db/schema";
import { loginHref, safeRedirect } from "~/lib/redirect";
import { RecentlyUsed } from "~/lib/recently-used";
import { nowIso } from "~/lib/time";
import {
  deleteSession,
  extendSession,
  findLiveSession,
  findSessionUser,
  insertSession,
  markSessionPassword,
  type SessionUser,
} from "~/models/sessions.server";
import { getDb, type DB } from "~/infra/db.server";
import { noteHunter, readOncePerPageRequest } from "./page-request.server";
import { env } from "~/infra/env.server";

export type { SessionUser };

/** Sessions end 30 days after sign-in, however active they are. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * An admin session also ends after 30 minutes without a request, sliding on
 * each admin request (never past the 30-day ceiling): a panel left open on a
 * shared computer closes itself.
 */
export const ADMIN_IDLE_TIMEOUT_MS = 30 * 60 * 1000;

/** The destructive admin actions (minting Jimmys, deleting a discovery) need the password typed within this long. */
export const ADMIN_RECENT_PASSWORD_MS = 10 * 60 * 1000;

/** When an admin session used at `now` ends: idle timeout or the 30-day ceiling, whichever is first. */
function adminSessionEnd(createdAt: Date, now: Date): Date {
  return new Date(Math.min(createdAt.getTime() + SESSION_MAX_AGE_SECONDS * 1000, now.getTime() + ADMIN_IDLE_TIMEOUT_MS));
}

function secureCookies(): boolean {
  const config = env();
  return config.isProduction && config.publicUrl.protocol === "https:";
}

/**
 * The cookie holds only a random token (signed, HttpOnly, SameSite=Lax); the
 * session itself is a database row keyed by the token's SHA-256, so a leaked
 * database does not reveal live tokens and sign-out really ends the session.
 */
function sessionCookie(kind: SessionKind) {
  const secure = secureCookies();
  const base = kind === "admin" ? "jh_admin" : "jh_session";
  return createCookie(secure ? `__Host-${base}` : base, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    secrets: env().sessionSecrets,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

async function readToken(request: Request, kind: SessionKind): Promise<string | null> {
  return readTokenFromCookie(request.headers.get("Cookie"), kind);
}

/** Cookie headers checked lately and the token each carried (or null), per set of secrets and cookie name. */
const checkedHeaders = new WeakMap<readonly string[], Map<string, RecentlyUsed<string, string | null>>>();
/** A browser sends the same Cookie header page after page; a longer one is checked each time. */
const CHECKED_HEADER_MAX_LENGTH = 4096;

/**
 * The session token a Cookie header carries, once its signature is checked.
 * What a header carries depends only on the header and the secrets, so a
 * header seen lately is not parsed and checked again: its answer is kept
 * (RecentlyUsed), for these secrets only.
 */
async function readTokenFromCookie(cookieHeader: string | null, kind: SessionKind): Promise<string | null> {
  const cookie = sessionCookie(kind);
  if (!cookieHeader?.includes(cookie.name)) return null;
  const secrets = env().sessionSecrets;
  let byName = checkedHeaders.get(secrets);
  if (byName === undefined) checkedHeaders.set(secrets, (byName = new Map()));
  let checked = byName.get(cookie.name);
  if (checked === undefined) byName.set(cookie.name, (checked = new RecentlyUsed(1000)));
  const known = checked.get(cookieHeader);
  if (known !== undefined) return known;
  const value: unknown = await cookie.parse(cookieHeader);
  const token = typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
  if (cookieHeader.length <= CHECKED_HEADER_MAX_LENGTH) checked.set(cookieHeader, token);
  return token;
}

/**
 * Starts a new session of `kind` and returns its Set-Cookie header. Any
 * session the request already carried is deleted first, so a session id
 * planted before sign-in is never promoted (no fixation).
 */
export async function startSession(
  request: Request,
  kind: SessionKind,
  userId: number | null,
  { db = getDb(), now = new Date() }: { db?: DB; now?: Date } = {},
): Promise<string> {
  const previous = await readToken(request, kind);
  if (previous) await deleteSession(db, hashToken(previous));
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = kind === "admin" ? adminSessionEnd(now, now) : new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  await insertSession(db, {
    idHash: hashToken(token),
    kind,
    userId,
    createdAt: nowIso(now),
    expiresAt: nowIso(expiresAt),
    passwordAt: kind === "admin" ? nowIso(now) : null,
    userAgent: request.headers.get("User-Agent"),
  });
  return sessionCookie(kind).serialize(token);
}

/** Ends the request's session of `kind` (the row is deleted) and returns the header that clears the cookie. */
export async function endSession(request: Request, kind: SessionKind, { db = getDb() }: { db?: DB } = {}): Promise<string> {
  const token = await readToken(request, kind);
  if (token) await deleteSession(db, hashToken(token));
  return sessionCookie(kind).serialize("", { maxAge: 0 });
}

/** The hash that names the request's hunter session in the database, or null without one. */
export async function currentSessionHash(request: Request): Promise<string | null> {
  const token = await readToken(request, "user");
  return token ? hashToken(token) : null;
}

/**
 * The signed-in hunter, or null. Read once per page request however many of
 * its loaders ask (app/web/page-request.server.ts).
 */
export async function getUser(request: Request, { db = getDb() }: { db?: DB } = {}): Promise<SessionUser | null> {
  const user = await readOncePerPageRequest(request, "user", db, () => getUserFromCookie(request.headers.get("Cookie"), { db }));
  noteHunter(request, user?.id);
  return user;
}

/** The hunter signed in by a request's Cookie header, or null. */
export async function getUserFromCookie(cookieHeader: string | null, { db = getDb() }: { db?: DB } = {}): Promise<SessionUser | null> {
  const token = await readTokenFromCookie(cookieHeader, "user");
  if (!token) return null;
  return findSessionUser(db, hashToken(token), nowIso());
}

/**
 * The signed-in hunter; otherwise a redirect to /login that brings them back
 * to `redirectTo` (default: the page they asked for).
 */
export async function requireUser(request: Request, { redirectTo, db }: { redirectTo?: string; db?: DB } = {}): Promise<SessionUser> {
  const user = await getUser(request, { db });
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(loginHref(safeRedirect(redirectTo ?? `${url.pathname}${url.search}`)));
}

/** The request's live admin session (its idle timeout pushed back by this use), or null. */
async function touchAdminSession(request: Request, db: DB, now: Date) {
  const token = await readToken(request, "admin");
  if (!token) return null;
  const idHash = hashToken(token);
  const session = await findLiveSession(db, idHash, "admin", nowIso(now));
  if (!session) return null;
  await extendSession(db, idHash, nowIso(adminSessionEnd(new Date(session.created_at), now)), nowIso(now));
  return { idHash, passwordAt: session.password_at };
}

/** Whether the request carries a live admin session; using it keeps it alive for another idle period. */
export async function isAdmin(request: Request, { db = getDb(), now = new Date() }: { db?: DB; now?: Date } = {}): Promise<boolean> {
  return (await touchAdminSession(request, db, now)) !== null;
}

/**
 * Whether the admin typed the password within ADMIN_RECENT_PASSWORD_MS (at
 * sign-in or when a destructive action asked again). False without a live
 * admin session.
 */
export async function adminPasswordIsRecent(request: Request, { db = getDb(), now = new Date() }: { db?: DB; now?: Date } = {}) {
  const session = await touchAdminSession(request, db, now);
  return session?.passwordAt != null && Date.parse(session.passwordAt) > now.getTime() - ADMIN_RECENT_PASSWORD_MS;
}

/** Records that the admin of this request has just typed the password again. */
export async function confirmAdminPassword(request: Request, { db = getDb(), now = new Date() }: { db?: DB; now?: Date } = {}) {
  const token = await readToken(request, "admin");
  if (token) await markSessionPassword(db, hashToken(token), nowIso(now));
}

/** Throws 403 unless the request carries a live admin session. */
export async function requireAdmin(request: Request, options: { db?: DB } = {}): Promise<void> {
  if (!(await isAdmin(request, options))) {
    throw new Response("This needs an admin session. Sign in on /admin first.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
