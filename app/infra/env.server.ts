import net from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
// Relative, with its extension: the server (server/) runs this file on plain Node,
// which knows neither the ~/ alias nor extensionless paths.
import type { HuntConfig } from "../lib/config.ts";
import { trustedProxiesFrom } from "../lib/forwarded-address.server.ts";
import { isLoopbackHost } from "../lib/security-headers.server.ts";
import type { S3StorageOptions } from "./storage/s3.server.ts";

const DEV_SESSION_SECRET = "local-development-secret-not-for-production";

/** scrypt$N$r$p$salt$hash, salt and hash in base64url (see app/services/password.server.ts). */
const PASSWORD_HASH_PATTERN = /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]{16,}\$[A-Za-z0-9_-]{32,}$/;

/** An address, or a display name and an address in angle brackets. */
const MAIL_FROM_PATTERN = /^(?:[^<>@\r\n]*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)$/;

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.url().optional())
  .optional();

/** true/1 or false/0; unset or empty means `fallback`. */
const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", ""], { error: 'must be "true", "false", "1" or "0"' })
    .optional()
    .transform((value) => (value === undefined || value === "" ? fallback : value === "true" || value === "1"));
const booleanFlag = flag(false);

/** A whole number from `min` to `max`; unset or empty means `fallback`. */
const wholeNumber = (min: number, max: number, fallback: number, unit = "") =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === "") return fallback;
      const number = Number(value);
      if (Number.isInteger(number) && number >= min && number <= max) return number;
      context.addIssue({ code: "custom", message: `must be a whole number${unit} from ${min} to ${max}; it is "${value}"` });
      return z.NEVER;
    });

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: wholeNumber(1, 65535, 3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag,
  S3_PUBLIC_URL: optionalUrl,
  HUNT_NAME: z.string().trim().min(1).max(60).default("Jimmy Hunt"),
  HUNT_TAGLINE: z.string().trim().min(1).max(140).default("Austin's little legend, hidden all over the world"),
  SOCIAL_PHOTOS_URL: optionalUrl,
  SOCIAL_FORUM_URL: optionalUrl,
  SOCIAL_PHOTOS_LABEL: z.string().trim().min(1).max(40).default("Instagram"),
  SOCIAL_FORUM_LABEL: z.string().trim().min(1).max(40).default("Community forum"),
  CONTACT_EMAIL: z.email().default("privacy@jimmyhunt.app"),
  MAP_EMBED_ORIGIN: z.url().default("https://www.openstreetmap.org"),
  MAP_TILE_URL: z.string().trim().default(""),
  MAP_TILE_ATTRIBUTION: z.string().trim().max(200).default(""),
  MAP_TILE_ATTRIBUTION_URL: optionalUrl,
  LOG_REQUESTS: flag(true),
  // The bearer token GET /metrics asks for; unset, /metrics answers only a client on this machine that no proxy forwarded.
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(z.string().min(16, { error: "must be at least 16 characters (a long random string)" }).optional())
    .optional(),
  // How long a stop (SIGTERM) waits for requests under way and the running job before it ends them.
  STOP_TIMEOUT_MS: wholeNumber(1000, 120_000, 25_000, " of milliseconds"),
  HOST: z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(
      z
        .string()
        .refine((host) => net.isIP(host) !== 0 || /^[A-Za-z0-9.-]+$/.test(host), {
          error: "must be a host name or IP address to listen on, such as 0.0.0.0, 127.0.0.1 or ::1 (no scheme, brackets or port)",
        })
        .optional(),
    )
    .optional(),
  // A request must arrive whole within this time (a 10 MB photo needs about 80 s at 1 Mbit/s).
  REQUEST_TIMEOUT_MS: wholeNumber(1000, 3_600_000, 120_000, " of milliseconds"),
  // Unset: one process per CPU in production, one otherwise (see webConcurrency below).
  WEB_CONCURRENCY: wholeNumber(1, 256, 0, " of processes"),
  PAGE_CACHE_TTL_MS: wholeNumber(0, 60_000, 1000, " of milliseconds"),
  DEMO_SIGN_IN: booleanFlag,
  PSEUDO_LANGUAGE: booleanFlag,
  GOOGLE_CLIENT_ID: z.string().trim().optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  APPLE_CLIENT_ID: z.string().trim().optional(),
  APPLE_TEAM_ID: z.string().trim().optional(),
  APPLE_KEY_ID: z.string().trim().optional(),
  APPLE_PRIVATE_KEY: z.string().optional(),
  APPLE_ISSUER: z.url().default("https://appleid.apple.com"),
  META_APP_ID: z.string().trim().optional(),
  META_APP_SECRET: z.string().trim().optional(),
  META_GRAPH_VERSION: z
    .string()
    .trim()
    .regex(/^v\d+\.\d+$/, "must look like v21.0")
    .default("v21.0"),
  META_DIALOG_ORIGIN: z.url().default("https://www.facebook.com"),
  META_GRAPH_ORIGIN: z.url().default("https://graph.facebook.com"),
  ADMIN_PASSWORD_HASH: z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(
      z
        .string()
        .regex(PASSWORD_HASH_PATTERN, "must be a hash printed by `npm run admin:hash-password` (scrypt$N$r$p$salt$hash)")
        .optional(),
    )
    .optional(),
  QR_SECRET: z.string().trim().optional(),
  TRUSTED_PROXY: z.string().trim().optional(),
  SMTP_URL: z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^/?#]+/i, "must be an smtp:// or smtps:// URL, such as smtps://user:password@mail.example.com:465")
        .optional(),
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(
      z
        .string()
        .refine((value) => MAIL_FROM_PATTERN.test(value), {
          error: 'must be an address, or a name and an address, such as "Jimmy Hunt <hunt@example.com>"',
        })
        .optional(),
    )
    .optional(),
  JOB_POLL_MS: wholeNumber(100, 600_000, 2000, " of milliseconds"),
});

/** Every environment variable the server and the app read (README's table and .env.example document each). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape) as (keyof typeof EnvSchema.shape)[];

export type Env = {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  /** Where the server listens: HOST, loopback for the demo sign-in, otherwise undefined (every address). */
  listenHost: string | undefined;
  /** How long a client may take to send a whole request (server/listen.ts). */
  requestTimeoutMs: number;
  /** How many app processes `npm start` runs (server/workers.ts). */
  webConcurrency: number;
  /** How long public pages are served from a copy; 0 turns the page cache off (server/page-cache.ts). */
  pageCacheTtlMs: number;
  /** One line per request on standard output (server/request-log.ts). */
  logRequests: boolean;
  /** The bearer token of GET /metrics; null: loopback only (server/metrics.ts). */
  metricsToken: string | null;
  /** How long a stop waits for requests under way and the running job (server/listen.ts). */
  stopTimeoutMs: number;
  publicUrl: URL;
  dataDir: string;
  /** The SQLite file, when DATABASE_URL does not name a PostgreSQL database. */
  databasePath: string;
  /** The postgres:// URL from DATABASE_URL, or null for SQLite. */
  databaseUrl: string | null;
  sessionSecrets: string[];
  storage:
    | { driver: "local" }
    | {
        driver: "s3";
        s3: Omit<S3StorageOptions, "timeoutMs">;
      };
  photosDir: string;
  hunt: HuntConfig;
  /** Origin of the embedded map (iframe), allowed by the Content-Security-Policy. */
  mapEmbedOrigin: string;
  /** The raster tiles under /map's pan-and-zoom map and the drawn maps at city scale; the browser is given all of it, and the CSP allows images from its origin. */
  mapTiles: MapTiles;
  /** Local sign-in without a provider, for trying the app on one's own machine (loopback only). */
  demoSignIn: boolean;
  /** Offers the accented test language en-XA (?lang=en-XA), which the browser tests walk for untranslated words. */
  pseudoLanguage: boolean;
  /** The admin password's scrypt hash; null when admin sign-in is not configured. */
  adminPasswordHash: string | null;
  /** Keys the check codes printed on QR labels (see app/services/qr.server.ts). */
  qrSecret: string;
  /** Addresses of reverse proxies whose X-Forwarded-For is believed; empty: the header is ignored. */
  trustedProxies: string[];
  /** Outgoing email (SMTP_URL, MAIL_FROM); null when not configured, and then nothing is sent. */
  mail: { smtpUrl: string; from: string } | null;
  /** How often each app process looks for due jobs (email) when it has not just queued one. */
  jobPollMs: number;
  /** Sign-in providers; a provider is null when its credentials are not configured. */
  oauth: {
    google: { clientId: string; clientSecret: string; issuer: string } | null;
    apple: { clientId: string; teamId: string; keyId: string; privateKey: string; issuer: string } | null;
    meta: { appId: string; appSecret: string; graphVersion: string; dialogOrigin: string; graphOrigin: string } | null;
  };
};

/**
 * True for the URLs that name a PostgreSQL database (anything else is a
 * SQLite file). The one test of which database the app runs on; a Kysely
 * instance answers the same question with isPostgres (db/migrations/dialect.ts).
 */
export function isPostgresUrl(url: string | undefined | null): url is string {
  return typeof url === "string" && /^postgres(ql)?:\/\//i.test(url);
}

/** Where the pan-and-zoom map's tiles come from, and whom the map credits for them. */
export type MapTiles = {
  /** A URL template with {z}, {x} and {y} (and optionally {r}, "@2x" on sharp screens). */
  urlTemplate: string;
  origin: string;
  attribution: string;
  attributionUrl: string | null;
};

const OPENSTREETMAP_TILES: MapTiles = {
  urlTemplate: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  origin: "https://tile.openstreetmap.org",
  attribution: "© OpenStreetMap contributors",
  attributionUrl: "https://www.openstreetmap.org/copyright",
};

/**
 * Reads MAP_TILE_URL, MAP_TILE_ATTRIBUTION and MAP_TILE_ATTRIBUTION_URL. The
 * template's host is fixed (no {s} subdomains), so the Content-Security-Policy
 * can name exactly one origin; it is https, or http on loopback (a local tile
 * server). Unset, OpenStreetMap's standard tiles and their credit are used;
 * another tile URL needs its own credit, never OpenStreetMap's by default.
 */
export function parseMapTiles(raw: { MAP_TILE_URL: string; MAP_TILE_ATTRIBUTION: string; MAP_TILE_ATTRIBUTION_URL?: string }): MapTiles {
  if (raw.MAP_TILE_URL === "") {
    return {
      ...OPENSTREETMAP_TILES,
      attribution: raw.MAP_TILE_ATTRIBUTION || OPENSTREETMAP_TILES.attribution,
      attributionUrl: raw.MAP_TILE_ATTRIBUTION_URL ?? (raw.MAP_TILE_ATTRIBUTION ? null : OPENSTREETMAP_TILES.attributionUrl),
    };
  }
  const template = raw.MAP_TILE_URL;
  const problem = (why: string) =>
    new ConfigError(
      `Invalid configuration: MAP_TILE_URL ${why}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png (it is "${template}").`,
    );
  const origin = /^(https?:\/\/[^/?#{}]+)\//i.exec(template)?.[1];
  let url: URL;
  try {
    url = new URL(origin ?? "");
  } catch {
    throw problem("must be an http(s) address whose host has no placeholder");
  }
  if (url.protocol !== "https:" && !isLoopbackHost(url.hostname)) throw problem("must be https (http only on a loopback address)");
  if (url.username || url.password) throw problem("must not carry a user name or password");
  for (const placeholder of ["{z}", "{x}", "{y}"]) {
    if (!template.includes(placeholder)) throw problem(`must have ${placeholder} in it`);
  }
  const unknown = template.match(/\{[^}]*\}/g)?.find((p) => !["{z}", "{x}", "{y}", "{r}"].includes(p));
  if (unknown) throw problem(`has ${unknown}, which is not one of {z}, {x}, {y} and {r}`);
  if (raw.MAP_TILE_ATTRIBUTION === "") {
    throw new ConfigError(
      "Invalid configuration: MAP_TILE_ATTRIBUTION is required with MAP_TILE_URL: the map must credit its tiles' source.",
    );
  }
  return {
    urlTemplate: template,
    origin: url.origin,
    attribution: raw.MAP_TILE_ATTRIBUTION,
    attributionUrl: raw.MAP_TILE_ATTRIBUTION_URL ?? null,
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Reads and validates configuration. Throws a ConfigError that names every
 * invalid setting, so a misconfigured server refuses to start instead of
 * failing on the first request that needs the setting.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const raw = result.data;
  const isProduction = raw.NODE_ENV === "production";

  const sessionSecrets = (raw.SESSION_SECRET ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (sessionSecrets.length === 0) {
    if (isProduction) {
      throw new ConfigError(
        "Invalid configuration: SESSION_SECRET is required in production (a long random string; several separated by commas to rotate).",
      );
    }
    sessionSecrets.push(DEV_SESSION_SECRET);
  }
  if (isProduction && sessionSecrets.some((s) => s === DEV_SESSION_SECRET || s.length < 32)) {
    throw new ConfigError("Invalid configuration: SESSION_SECRET must be at least 32 characters and not the development default.");
  }

  if (raw.STORAGE_DRIVER === "s3" && !raw.S3_BUCKET) {
    throw new ConfigError("Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER=s3.");
  }

  const publicUrl = new URL(raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`);
  if (raw.DEMO_SIGN_IN && !isLoopbackHost(publicUrl.hostname)) {
    throw new ConfigError(
      `Invalid configuration: DEMO_SIGN_IN lets anyone sign in as anybody, so it only works when PUBLIC_URL is a loopback address (it is ${publicUrl.origin}).`,
    );
  }
  if (raw.DEMO_SIGN_IN && raw.HOST !== undefined && !isLoopbackHost(raw.HOST)) {
    throw new ConfigError(
      `Invalid configuration: DEMO_SIGN_IN lets anyone sign in as anybody, so the server listens only on loopback; HOST=${raw.HOST} is not a loopback address.`,
    );
  }

  const qrSecret = raw.QR_SECRET ?? "";
  if (qrSecret === "" && isProduction) {
    throw new ConfigError(
      "Invalid configuration: QR_SECRET is required in production (a long random string; changing it invalidates every printed label).",
    );
  }
  if (qrSecret !== "" && qrSecret.length < 32) {
    throw new ConfigError("Invalid configuration: QR_SECRET must be at least 32 characters.");
  }

  if (raw.SMTP_URL && !raw.MAIL_FROM) {
    throw new ConfigError(
      'Invalid configuration: MAIL_FROM is required with SMTP_URL (the sender of every email, such as "Jimmy Hunt <hunt@example.com>").',
    );
  }
  if (raw.MAIL_FROM && !raw.SMTP_URL) {
    throw new ConfigError("Invalid configuration: MAIL_FROM is set but SMTP_URL is not: no email can be sent without a mail server.");
  }

  const dataDir = path.resolve(raw.DATA_DIR);
  const databaseUrl = isPostgresUrl(raw.DATABASE_URL) ? raw.DATABASE_URL : null;
  const databasePath =
    raw.DATABASE_URL && !databaseUrl ? path.resolve(raw.DATABASE_URL.replace(/^file:/, "")) : path.join(dataDir, "jimmy-hunt.sqlite");

  return {
    nodeEnv: raw.NODE_ENV,
    isProduction,
    port: raw.PORT,
    // The demo sign-in lets anyone sign in as anybody: such a server is for this machine only.
    listenHost: raw.HOST ?? (raw.DEMO_SIGN_IN ? (publicUrl.hostname.includes(":") ? "::1" : "127.0.0.1") : undefined),
    requestTimeoutMs: raw.REQUEST_TIMEOUT_MS,
    webConcurrency: raw.WEB_CONCURRENCY || (isProduction ? os.availableParallelism() : 1),
    pageCacheTtlMs: raw.PAGE_CACHE_TTL_MS,
    logRequests: raw.LOG_REQUESTS,
    metricsToken: raw.METRICS_TOKEN ?? null,
    stopTimeoutMs: raw.STOP_TIMEOUT_MS,
    publicUrl,
    dataDir,
    databasePath,
    databaseUrl,
    sessionSecrets,
    storage:
      raw.STORAGE_DRIVER === "s3"
        ? {
            driver: "s3",
            s3: {
              bucket: raw.S3_BUCKET!,
              region: raw.S3_REGION,
              endpoint: raw.S3_ENDPOINT,
              accessKeyId: raw.S3_ACCESS_KEY_ID,
              secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
              forcePathStyle: raw.S3_FORCE_PATH_STYLE,
              publicBaseUrl: raw.S3_PUBLIC_URL,
            },
          }
        : { driver: "local" },
    photosDir: path.join(dataDir, "photos"),
    hunt: {
      name: raw.HUNT_NAME,
      tagline: raw.HUNT_TAGLINE,
      socialPhotosUrl: raw.SOCIAL_PHOTOS_URL ?? "https://www.instagram.com/",
      socialForumUrl: raw.SOCIAL_FORUM_URL ?? "https://www.reddit.com/",
      socialPhotosLabel: raw.SOCIAL_PHOTOS_LABEL,
      socialForumLabel: raw.SOCIAL_FORUM_LABEL,
      contactEmail: raw.CONTACT_EMAIL,
    },
    mapEmbedOrigin: new URL(raw.MAP_EMBED_ORIGIN).origin,
    mapTiles: parseMapTiles(raw),
    demoSignIn: raw.DEMO_SIGN_IN,
    pseudoLanguage: raw.PSEUDO_LANGUAGE,
    adminPasswordHash: raw.ADMIN_PASSWORD_HASH ?? null,
    // In development the labels are keyed by a value derived from the session
    // secret, so local labels keep working without another setting.
    qrSecret: qrSecret || `qr:${sessionSecrets[0]}`,
    trustedProxies: trustedProxiesFrom(raw.TRUSTED_PROXY),
    mail: raw.SMTP_URL && raw.MAIL_FROM ? { smtpUrl: raw.SMTP_URL, from: raw.MAIL_FROM } : null,
    jobPollMs: raw.JOB_POLL_MS,
    oauth: {
      google:
        raw.GOOGLE_CLIENT_ID && raw.GOOGLE_CLIENT_SECRET
          ? { clientId: raw.GOOGLE_CLIENT_ID, clientSecret: raw.GOOGLE_CLIENT_SECRET, issuer: trimSlash(raw.GOOGLE_ISSUER) }
          : null,
      apple:
        raw.APPLE_CLIENT_ID && raw.APPLE_TEAM_ID && raw.APPLE_KEY_ID && raw.APPLE_PRIVATE_KEY
          ? {
              clientId: raw.APPLE_CLIENT_ID,
              teamId: raw.APPLE_TEAM_ID,
              keyId: raw.APPLE_KEY_ID,
              // Environment files often carry the .p8 key on one line with literal \n.
              privateKey: raw.APPLE_PRIVATE_KEY.replace(/\\n/g, "\n"),
              issuer: trimSlash(raw.APPLE_ISSUER),
            }
          : null,
      meta:
        raw.META_APP_ID && raw.META_APP_SECRET
          ? {
              appId: raw.META_APP_ID,
              appSecret: raw.META_APP_SECRET,
              graphVersion: raw.META_GRAPH_VERSION,
              dialogOrigin: new URL(raw.META_DIALOG_ORIGIN).origin,
              graphOrigin: new URL(raw.META_GRAPH_ORIGIN).origin,
            }
          : null,
    },
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Only for tests that change process.env between cases. */
export function resetEnvForTests() {
  cached = undefined;
}
