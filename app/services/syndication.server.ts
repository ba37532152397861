/**
 * The hunt in the formats other programs read (issue 24, item 3): Atom
 * feeds of discoveries, the sitemap, and a Jimmy's journey as GeoJSON and
 * GPX. Pure functions from the app's data to text; the routes serve them,
 * worded in the reader's language (the `t` they pass).
 */
import { positionText } from "~/lib/location-precision";
import { displayPlace, pinNote } from "~/lib/places";
import { discoveryPagePath, type DiscoveryCardData } from "~/lib/discoveries";
import { fullName } from "~/lib/format";
import { type Language, LANGUAGES, type Translate, translator } from "~/lib/language";
import { localDateTime } from "~/lib/local-time";
import { discoveryZone } from "~/services/time-zones.server";
import type { SitemapEntry } from "~/models/sitemap.server";

export const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

// Characters XML 1.0 does not allow at all (captions are typed by hunters).
// eslint-disable-next-line no-control-regex
const withoutForbidden = (text: string) => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "");
const xmlText = (text: string) => escapeXml(withoutForbidden(text));

export type Feed = {
  /** The feed's own address and the page it follows, absolute. */
  selfUrl: string;
  pageUrl: string;
  /** The reader's language: the feed's `xml:lang`, and its words (`t`). */
  language: Language;
  t: Translate;
  title: string;
  subtitle: string;
  discoveries: DiscoveryCardData[];
  origin: string;
};

/** When a discovery was made, in the time zone of where (a feed has no reader's zone: else UTC, which it says). */
function foundAt(d: DiscoveryCardData, language: Language): string {
  const place = { latitude: d.latitude === null ? null : Number(d.latitude), longitude: d.longitude === null ? null : Number(d.longitude) };
  return localDateTime(d.createdAt, discoveryZone(place, null).timeZone, language);
}

/** An Atom 1.0 feed (RFC 4287) of discoveries, newest first; each entry leads to the discovery's own page. */
export function atomFeed(feed: Feed): string {
  const updated = feed.discoveries[0]?.createdAt ?? new Date(0).toISOString();
  const { t } = feed;
  const entries = feed.discoveries.map((d) => {
    const url = `${feed.origin}${discoveryPagePath(d.id)}`;
    const finder = fullName(d.user.firstName, d.user.lastName);
    const serial = String(d.jimmy.serialNumber);
    const title = d.place
      ? t("Jimmy #{serial} found by {finder} in {place}", { serial, finder, place: d.place })
      : t("Jimmy #{serial} found by {finder}", { serial, finder });
    const photo = new URL(d.photo.src, feed.origin).href;
    // The place as its finder typed it, and plainly where the pin is when it is not the spot.
    const pin = pinNote({ ...d, approximate: d.locationApproximate, radiusM: d.positionRadiusM }, t);
    const place = d.place ? `<p>${escapeXml(pin ? t("{place} ({pin})", { place: d.place, pin }) : d.place)}</p>` : "";
    const html = `<p><img src="${escapeXml(photo)}" alt="${escapeXml(t("Jimmy #{serial}", { serial }))}"/></p><p>${escapeXml(d.caption)}</p>${place}<p>${escapeXml(foundAt(d, feed.language))}</p>`;
    return `  <entry>
    <id>${xmlText(url)}</id>
    <title>${xmlText(title)}</title>
    <updated>${d.createdAt}</updated>
    <published>${d.createdAt}</published>
    <link rel="alternate" type="text/html" href="${xmlText(url)}"/>
    <author><name>${xmlText(finder)}</name><uri>${xmlText(`${feed.origin}/hunters/${d.user.id}`)}</uri></author>
    <summary>${xmlText(d.caption)}</summary>
    <content type="html">${xmlText(html)}</content>
  </entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xmlText(feed.language)}">
  <id>${xmlText(feed.selfUrl)}</id>
  <title>${xmlText(feed.title)}</title>
  <subtitle>${xmlText(feed.subtitle)}</subtitle>
  <updated>${updated}</updated>
  <link rel="self" type="application/atom+xml" href="${xmlText(feed.selfUrl)}"/>
  <link rel="alternate" type="text/html" href="${xmlText(feed.pageUrl)}"/>
  <icon>${xmlText(`${feed.origin}/favicon.svg`)}</icon>
${entries.join("\n")}
</feed>
`;
}

/** A sitemap index (sitemaps.org) naming each page of the sitemap. */
export function sitemapIndex(origin: string, pages: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${pages.map((page) => `  <sitemap><loc>${xmlText(`${origin}${page}`)}</loc></sitemap>`).join("\n")}
</sitemapindex>
`;
}

/** One page of the sitemap: at most 50,000 addresses. */
export function sitemapUrlset(origin: string, entries: SitemapEntry[], languages: readonly Language[] = LANGUAGES): string {
  // Each address in every language the hunt speaks (?lang=), and itself as the default (docs/decisions/023-languages.md).
  const alternates = (path: string) =>
    languages.length < 2
      ? ""
      : [
          ...languages.map((language) => {
            const address = new URL(path, origin);
            address.searchParams.set("lang", language);
            return `<xhtml:link rel="alternate" hreflang="${language}" href="${xmlText(address.toString())}"/>`;
          }),
          `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlText(`${origin}${path}`)}"/>`,
        ].join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${languages.length < 2 ? "" : ' xmlns:xhtml="http://www.w3.org/1999/xhtml"'}>
${entries
  .map(
    (e) =>
      `  <url><loc>${xmlText(`${origin}${e.path}`)}</loc>${e.lastModified ? `<lastmod>${e.lastModified}</lastmod>` : ""}${alternates(e.path)}</url>`,
  )
  .join("\n")}
</urlset>
`;
}

export type JourneyStop = {
  id: number;
  latitude: number;
  longitude: number;
  createdAt: string;
  /** As its finder typed it. */
  location: string | null;
  /** The coordinates are the town's centre, guessed from the typed text. */
  approximate: boolean;
  /** How far (metres) the position may be from the spot, when its hunter published it approximately. */
  radiusM: number | null;
  city: string | null;
  region: string | null;
  country: string | null;
};

const placeOf = (stop: JourneyStop, t: Translate) => {
  const pin = pinNote(stop, t);
  const place = displayPlace(stop) ?? positionText(stop.latitude, stop.longitude, stop.radiusM, 4, t);
  return pin ? t("{place} ({pin})", { place, pin }) : place;
};

const english = translator("en");

/**
 * A Jimmy's journey as GeoJSON (RFC 7946): its path as a line, and each
 * located discovery as a point; `t` words it in the reader's language (English unless given).
 */
export function journeyGeoJson(input: { serialNumber: number; origin: string; stops: JourneyStop[]; t?: Translate }): string {
  const t = input.t ?? english;
  const features: unknown[] = [];
  if (input.stops.length > 1) {
    features.push({
      type: "Feature",
      geometry: { type: "LineString", coordinates: input.stops.map((s) => [s.longitude, s.latitude]) },
      properties: {
        name: t("Jimmy #{serial}'s journey", { serial: String(input.serialNumber) }),
        url: `${input.origin}/jimmy/${input.serialNumber}`,
      },
    });
  }
  input.stops.forEach((stop, i) =>
    features.push({
      type: "Feature",
      geometry: { type: "Point", coordinates: [stop.longitude, stop.latitude] },
      properties: {
        stop: i + 1,
        discoveryId: stop.id,
        place: placeOf(stop, t),
        foundAt: stop.createdAt,
        approximate: stop.approximate,
        radiusMetres: stop.radiusM,
        url: `${input.origin}${discoveryPagePath(stop.id)}`,
      },
    }),
  );
  return JSON.stringify({ type: "FeatureCollection", features }, null, 1);
}

/**
 * A Jimmy's journey as GPX 1.1: a waypoint for each located discovery, and a
 * track through them in time order; `t` words it in the reader's language (English unless given).
 */
export function journeyGpx(input: { serialNumber: number; origin: string; huntName: string; stops: JourneyStop[]; t?: Translate }): string {
  const t = input.t ?? english;
  const serial = String(input.serialNumber);
  const journey = t("Jimmy #{serial}'s journey", { serial });
  // A rounded position keeps only the decimals it has: 30.28 is not 30.280000.
  const point = (stop: JourneyStop) =>
    stop.radiusM
      ? `lat="${stop.latitude}" lon="${stop.longitude}"`
      : `lat="${stop.latitude.toFixed(6)}" lon="${stop.longitude.toFixed(6)}"`;
  const waypoints = input.stops.map(
    (stop, i) =>
      `  <wpt ${point(stop)}><time>${stop.createdAt}</time><name>${xmlText(t("Jimmy #{serial}, stop {stop, number}: {place}", { serial, stop: i + 1, place: placeOf(stop, t) }))}</name><link href="${xmlText(`${input.origin}${discoveryPagePath(stop.id)}`)}"/></wpt>`,
  );
  const trackPoints = input.stops.map((stop) => `      <trkpt ${point(stop)}><time>${stop.createdAt}</time></trkpt>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="${xmlText(input.huntName)}" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>${xmlText(journey)}</name><link href="${xmlText(`${input.origin}/jimmy/${input.serialNumber}`)}"/></metadata>
${waypoints.join("\n")}
  <trk>
    <name>${xmlText(journey)}</name>
    <trkseg>
${trackPoints.join("\n")}
    </trkseg>
  </trk>
</gpx>
`;
}
