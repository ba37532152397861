import type { Photo } from "./photos";
import { MAX_ROW_ID } from "./ids";
import type { MessageKey } from "./language";

/**
 * SPEC.md §5: an empty caption becomes this, stored as written (English); pages show it in the reader's
 * language with `shownCaption`.
 */
export const DEFAULT_CAPTION = "Another Jimmy discovery!";

/** SPEC.md §9: the feed loads 10 discoveries at a time. */
export const FEED_PAGE_SIZE = 10;

/** What a discovery card shows (SPEC.md §3's Discovery, decimals as strings). */
export type DiscoveryCardData = {
  id: number;
  photo: Photo;
  caption: string;
  /** As typed (SPEC.md §3); pages show `place`. */
  location: string | null;
  latitude: string | null;
  longitude: string | null;
  /** Beyond SPEC.md §3: how every page names the place (displayPlace in app/lib/places.ts). */
  place: string | null;
  /** Beyond SPEC.md §3: the derived city, US state code and ISO country code, when known. */
  city: string | null;
  region: string | null;
  country: string | null;
  /** Beyond SPEC.md §3: true when latitude and longitude are a city centre guessed from typed text. */
  locationApproximate: boolean;
  /** Beyond SPEC.md §3: how far (metres) the position may be from the spot, when its hunter published it approximately. */
  positionRadiusM: number | null;
  /** Beyond SPEC.md §3: where the pin stands when it is not the spot ("pin: Austin, TX (town centre)"; pinNote). */
  pin: string | null;
  createdAt: string;
  isFirst: boolean;
  likeCount: number;
  isLikedByUser: boolean;
  jimmyCommentCount: number;
  /** Beyond SPEC.md §3: `id`, where the hunter's profile is (/hunters/{id}). */
  user: { id: number; firstName: string; lastName: string; profileImageUrl: string | null };
  jimmy: { serialNumber: number };
};

export type FeedPage = {
  discoveries: DiscoveryCardData[];
  /** Where the next page starts, or null at the end of the feed. */
  nextCursor: string | null;
};

/**
 * A position in a newest-first list: the (created_at, id) of the last item
 * shown. Pages continue strictly after it, so discoveries reported meanwhile
 * never shift later pages (no duplicates, no gaps).
 */
export type Cursor = { createdAt: string; id: number };

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_(\d{1,12})$/;

export function encodeCursor(cursor: Cursor): string {
  return `${cursor.createdAt}_${cursor.id}`;
}

/** Parses a cursor from a URL; anything malformed is null (the caller answers 400). */
export function decodeCursor(value: string): Cursor | null {
  const match = CURSOR_PATTERN.exec(value);
  if (!match) return null;
  const createdAt = match[1]!;
  if (Number.isNaN(Date.parse(createdAt))) return null;
  const id = Number(match[2]);
  if (id > MAX_ROW_ID) return null;
  return { createdAt, id };
}

export function jimmyPath(serialNumber: number): string {
  return `/jimmy/${serialNumber}`;
}

/** A discovery's own page: what every share button copies, and a link that works however old the discovery gets. */
export function discoveryPagePath(id: number): string {
  return `/discoveries/${id}`;
}

/**
 * The page of its Jimmy's timeline that starts with this discovery (the
 * timeline's cursor just after it), scrolled to it: found however far back
 * in the journey it is.
 */
export function discoveryInJourneyPath(discovery: { id: number; createdAt: string; jimmy: { serialNumber: number } }): string {
  const before = encodeCursor({ createdAt: discovery.createdAt, id: discovery.id + 1 });
  return `${jimmyPath(discovery.jimmy.serialNumber)}?before=${encodeURIComponent(before)}#discovery-${discovery.id}`;
}

/** A caption as shown: the hunter's words, or the default one in the reader's language (`t`). */
export function shownCaption(caption: string, t: (key: MessageKey) => string): string {
  return caption === DEFAULT_CAPTION ? t("Another Jimmy discovery!") : caption;
}
