import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** ISO-8601 UTC timestamp stored as text, e.g. 2025-08-30T14:05:00.000Z. Sorts as time. */
type Timestamp = string;
/** 0 or 1: booleans are integers so the same schema works on SQLite and PostgreSQL. */
type Flag = number;

export type JimmyStatus = "hidden" | "discovered" | "missing" | "retired";
export const JIMMY_STATUSES: readonly JimmyStatus[] = ["hidden", "discovered", "missing", "retired"];

export type SessionKind = "user" | "admin";
export type NotificationKind = "like" | "comment" | "rediscovery" | "milestone" | "missing";
/** How a hunter wants their watched Jimmys' news by email. */
export type EmailFrequency = "off" | "each" | "daily";
export const EMAIL_FREQUENCIES: readonly EmailFrequency[] = ["off", "each", "daily"];

export interface UsersTable {
  id: Generated<number>;
  provider: string;
  provider_subject: string;
  first_name: string;
  last_name: string;
  email: string | null;
  profile_image_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The display name folded for comparison (app/services/names.server.ts); null until computed. */
  name_key_lower: ColumnType<string | null, string | null | undefined, string | null>;
  name_key_upper: ColumnType<string | null, string | null | undefined, string | null>;
  email_frequency: ColumnType<EmailFrequency, EmailFrequency | undefined, EmailFrequency>;
  /** When email was last switched on: a digest never reaches further back. */
  email_since: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** 1: the Jimmys this hunter finds are watched for them. */
  watch_finds: ColumnType<Flag, Flag | undefined, Flag>;
  /** 1: the hunter set their address themselves; a sign-in no longer replaces it with the provider's. */
  email_chosen: ColumnType<Flag, Flag | undefined, Flag>;
  /** 1: the hunter chose their display name on their account page; a sign-in no longer replaces it with the provider's. */
  name_chosen: ColumnType<Flag, Flag | undefined, Flag>;
  /** Which picture `profile_image_url` is: the provider's, one the hunter uploaded (at `photo_key`), or none. */
  photo_choice: ColumnType<PhotoChoice, PhotoChoice | undefined, PhotoChoice>;
  /** The stored key of the hunter's uploaded picture (one WebP), while they use it. */
  photo_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The provider's latest picture, kept for when the hunter goes back to it. */
  provider_image_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language the hunter chose for the hunt's words to them (a Language code); null: never chose, English. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
}

export type PhotoChoice = "provider" | "upload" | "none";

export type DataExportStatus = "pending" | "ready" | "failed" | "expired";

/** An archive of everything the hunt holds about a hunter (app/services/data-export.server.ts). */
export interface DataExportsTable {
  id: Generated<number>;
  user_id: number;
  /** "hunter" (their own button) or "admin" (a request by email). */
  requested_by: "hunter" | "admin";
  status: DataExportStatus;
  /** Where the ZIP is stored while it can be downloaded. */
  storage_key: string | null;
  size: number | null;
  created_at: Timestamp;
  ready_at: Timestamp | null;
  expires_at: Timestamp | null;
}

export interface SessionsTable {
  id: string;
  kind: SessionKind;
  user_id: number | null;
  data: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Admin sessions: when the password was last typed (sign-in or re-entry). */
  password_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The browser that started it (its User-Agent, at most 300 characters); null before sessions kept it. */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it was last used, to within SESSION_SEEN_EVERY_MS; null before sessions kept it. */
  last_seen_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface JimmysTable {
  id: Generated<number>;
  serial_number: number;
  name: string;
  status: ColumnType<JimmyStatus, JimmyStatus | undefined, JimmyStatus>;
  minted_at: Timestamp;
  discovery_count: ColumnType<number, number | undefined, number>;
  comment_count: ColumnType<number, number | undefined, number>;
  first_discovery_at: Timestamp | null;
  last_discovery_at: Timestamp | null;
  latitude: number | null;
  longitude: number | null;
  location: string | null;
  /** When the discovery its position and location come from was made. */
  located_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** 1 when that position was guessed from a typed city, not measured. */
  location_approximate: ColumnType<Flag, Flag | undefined, Flag>;
  /** How far (metres) that position may be from the spot, when its hunter published it approximately; else null. */
  position_radius_m: ColumnType<number | null, number | null | undefined, number | null>;
  /** Moved by every write to its discoveries (afterDiscoveriesChanged): its journey map is current while this is unchanged. */
  journey_version: ColumnType<number, number | undefined, number>;
}

export interface DiscoveriesTable {
  id: Generated<number>;
  jimmy_id: number;
  user_id: number;
  photo_key: string;
  photo_width: number;
  photo_height: number;
  /** Comma-separated widths of the stored WebP variants, e.g. "320,640,960". */
  photo_variants: string;
  caption: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  /** 1 when latitude and longitude are a town's centre guessed from the typed location, not measured. */
  location_approximate: ColumnType<Flag, Flag | undefined, Flag>;
  /** How far (metres) the position may be from the spot, when the hunter published it approximately (1000: about 1 km); else null. */
  position_radius_m: ColumnType<number | null, number | null | undefined, number | null>;
  city: string | null;
  region: string | null;
  country: string | null;
  is_first: ColumnType<Flag, Flag | undefined, Flag>;
  like_count: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

/** One discovered Jimmy's Hall of Fame figures (see app/lib/journey.ts); kept up to date on every write. */
export interface JimmyJourneysTable {
  jimmy_id: number;
  discovery_count: number;
  discovery_count_reached_at: Timestamp;
  path_miles: number;
  path_miles_reached_at: Timestamp;
  furthest_miles: number;
  furthest_miles_reached_at: Timestamp;
  journey_days: number;
  journey_days_reached_at: Timestamp;
  country_count: number;
  country_count_reached_at: Timestamp;
  state_count: number;
  state_count_reached_at: Timestamp;
  city_count: number;
  city_count_reached_at: Timestamp;
  /** JSON array of ISO 3166-1 alpha-2 codes, in order of first visit. */
  countries: string;
  /** JSON array of US state codes, in order of first visit. */
  states: string;
  /** JSON array of {city, region, country}, in order of first visit. */
  cities: string;
}

/** Each distinct place with a discovery and how many name it; kept with every write to discoveries (app/models/derived-figures.server.ts). */
export interface HuntPlacesTable {
  place_key: string;
  discovery_count: number;
}

/** Each Jimmy's distinct places with how many of its discoveries name them; kept with every write to discoveries (app/models/derived-figures.server.ts). */
export interface JimmyPlacesTable {
  jimmy_id: number;
  place_key: string;
  discovery_count: number;
}

/** Each hunter's latest discovery; kept with every write to discoveries (app/models/derived-figures.server.ts). */
export interface HunterActivityTable {
  user_id: number;
  last_discovery_at: Timestamp;
}

/**
 * Each hunter's Hall of Fame figures and when each reached its value (ties go
 * to who got there first); kept with every write to discoveries
 * (app/models/derived-figures.server.ts). No row for a hunter without discoveries.
 */
export interface HunterFiguresTable {
  user_id: number;
  discovery_count: number;
  discovery_count_reached_at: Timestamp;
  /** Their discoveries that are their Jimmy's first (is_first). */
  first_discovery_count: number;
  first_discovery_count_reached_at: Timestamp;
  /** Distinct countries of their discoveries. */
  country_count: number;
  country_count_reached_at: Timestamp;
}

/** One row (id 1): the number of discoveries; kept with every write to discoveries (app/models/derived-figures.server.ts). */
export interface HuntTotalsTable {
  id: number;
  discovery_count: number;
  /** Moved by every write that changes what a page shows of any discovery: what was read of them at one version is still current. */
  discoveries_version: ColumnType<number, number | undefined, number>;
}

export interface LikesTable {
  discovery_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface CommentsTable {
  id: Generated<number>;
  jimmy_id: number;
  user_id: number | null;
  author_name: string | null;
  is_admin: ColumnType<Flag, Flag | undefined, Flag>;
  content: string;
  created_at: Timestamp;
  /** When its author last edited it (null: never). */
  edited_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export type FlagReason = "inappropriate" | "not_a_jimmy" | "spam" | "private_information";

export interface FlagsTable {
  id: Generated<number>;
  /** Exactly one of discovery_id and comment_id is set. */
  discovery_id: number | null;
  comment_id: number | null;
  reason: FlagReason;
  note: string | null;
  /** The signed-in hunter who flagged it; null for a visitor. */
  user_id: number | null;
  client_address: string;
  created_at: Timestamp;
  resolved_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  resolution: ColumnType<"dismissed" | null, "dismissed" | null | undefined, "dismissed" | null>;
}

/** A point worth telling in a Jimmy's journey, credited to the discovery that reached it (derived). */
export interface JimmyMilestonesTable {
  id: Generated<number>;
  jimmy_id: number;
  discovery_id: number;
  user_id: number;
  kind: "miles" | "finders" | "country";
  /** The miles or the number of finders passed, or the country's code. */
  value: string;
  reached_at: Timestamp;
}

/** A hunter's word that a Jimmy was not at its last place (one per hunter per Jimmy, until it is found again). */
export interface MissingReportsTable {
  id: Generated<number>;
  jimmy_id: number;
  user_id: number;
  note: string | null;
  created_at: Timestamp;
}

export interface TempUploadsTable {
  key: string;
  owner_user_id: number;
  size: number | null;
  content_type: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  photo_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: NotificationKind;
  actor_user_id: number | null;
  actor_name: string | null;
  jimmy_id: number | null;
  discovery_id: number | null;
  comment_id: number | null;
  created_at: Timestamp;
  read_at: Timestamp | null;
  emailed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface WatchesTable {
  id: Generated<number>;
  user_id: number;
  jimmy_id: number;
  /** 0: the hunter turned this Jimmy off (so finding it again does not watch it again). */
  watching: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EmailChangesTable {
  id: Generated<number>;
  user_id: number;
  new_email: string;
  /** SHA-256 of the token mailed to the new address. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A one-time sign-in code asked for an email address (app/services/sign-in-codes.server.ts). */
export interface SignInCodesTable {
  id: Generated<number>;
  /** The address, trimmed and in lower case. */
  email: string;
  /** HMAC of the code under the session secret: the code itself is never stored. */
  code_hash: string;
  wrong_attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** A deleted discovery's id, so its page answers 410 Gone (and where it led). */
export interface RemovedDiscoveriesTable {
  id: number;
  jimmy_id: number | null;
  removed_at: Timestamp;
}

export type JobOutcome = "done" | "failed";

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** One pending job per key (e.g. `digest:{userId}`); null for jobs that need none. */
  key: string | null;
  /** JSON. */
  payload: string;
  run_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  /** A process that claimed the job holds it until then; after, another may take it over. */
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
  outcome: JobOutcome | null;
}

export interface AdminAuditLogTable {
  id: Generated<number>;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: string | null;
  client_address: string | null;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface SignInStatesTable {
  state_hash: string;
  provider: string;
  expires_at: Timestamp;
}

export interface IdempotencyKeysTable {
  /** Whose key it is: `user:{id}`, `admin`, `guest:{address}`, or `comment-form:{form token}`. */
  scope: string;
  key: string;
  /** What the key was used for (report, comment, like); a key reused for something else is refused. */
  kind: string;
  /** The first request's answer, as JSON. */
  result: string;
  /** A hash of what the first request asked (requestHash); null for keys stored before it was kept. */
  request_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** A scan proof a discovery was recorded with (by its hash), kept until the proof expires: a proof serves one report. */
export interface UsedScanProofsTable {
  proof_hash: string;
  expires_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  jimmys: JimmysTable;
  discoveries: DiscoveriesTable;
  jimmy_journeys: JimmyJourneysTable;
  hunt_places: HuntPlacesTable;
  jimmy_places: JimmyPlacesTable;
  hunter_activity: HunterActivityTable;
  hunter_figures: HunterFiguresTable;
  hunt_totals: HuntTotalsTable;
  likes: LikesTable;
  comments: CommentsTable;
  temp_uploads: TempUploadsTable;
  data_exports: DataExportsTable;
  notifications: NotificationsTable;
  admin_audit_log: AdminAuditLogTable;
  rate_limits: RateLimitsTable;
  sign_in_states: SignInStatesTable;
  idempotency_keys: IdempotencyKeysTable;
  used_scan_proofs: UsedScanProofsTable;
  flags: FlagsTable;
  missing_reports: MissingReportsTable;
  jimmy_milestones: JimmyMilestonesTable;
  watches: WatchesTable;
  email_changes: EmailChangesTable;
  jobs: JobsTable;
  removed_discoveries: RemovedDiscoveriesTable;
  sign_in_codes: SignInCodesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Jimmy = Selectable<JimmysTable>;
export type NewJimmy = Insertable<JimmysTable>;
export type JimmyUpdate = Updateable<JimmysTable>;
export type Discovery = Selectable<DiscoveriesTable>;
export type NewDiscovery = Insertable<DiscoveriesTable>;
export type Comment = Selectable<CommentsTable>;
export type NewComment = Insertable<CommentsTable>;
