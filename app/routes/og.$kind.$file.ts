import type { LoaderFunctionArgs } from "@remix-run/node";
import { MAX_ROW_ID } from "~/lib/ids";
import { msg, type Translate } from "~/lib/language";
import { parseSerial } from "~/lib/serial";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { getStorage, StorageUnavailableError } from "~/infra/storage.server";
import { findDiscoveryPhoto, latestPhotoOf } from "~/models/discoveries.server";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { getHuntStats } from "~/models/stats.server";
import { cardPreview, photoPreview, type PreviewCard } from "~/services/link-previews.server";
import { requestT } from "~/web/language.server";
import { applyCommonSecurityHeaders } from "~/web/security.server";

const notFound = (t: Translate) =>
  new Response(t("No such preview image."), {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });

/** The pages with a card of their own, and what it says beyond the hunt's figures (null: the hunt's name). */
const PAGE_CARDS: Record<string, { title: string | null }> = {
  home: { title: null },
  discoveries: { title: msg("All Discoveries") },
  map: { title: msg("The hunt's map") },
  "hall-of-fame": { title: msg("Hall of Fame") },
};

/** The kinds whose image may be a drawn card, worded in the reader's language. */
const WORDED_KINDS = new Set(["jimmys", "hunters", "pages"]);

/**
 * The link-preview image of a public page (`og:image`), a 1200×630 JPEG:
 * /og/discoveries/{id}.jpg, /og/jimmys/{serial}.jpg, /og/hunters/{id}.jpg and
 * /og/pages/{home,discoveries,map,hall-of-fame}.jpg. Made once and kept in
 * storage (app/services/link-previews.server.ts); what a Jimmy's or a page's
 * shows changes with the hunt, so browsers and scrapers keep it an hour. A
 * drawn card is worded in the reader's language (a copy differs by it).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const t = requestT(request);
  const name = /^([a-z0-9-]{1,20})\.jpg$/.exec(params.file ?? "")?.[1];
  if (!name) return notFound(t);
  try {
    const kind = params.kind ?? "";
    const image = await previewFor(t, kind, name);
    if (!image) return notFound(t);
    const headers = new Headers({
      "Content-Type": "image/jpeg",
      "Content-Length": String(image.length),
      "Cache-Control": "public, max-age=3600",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
    if (WORDED_KINDS.has(kind)) headers.set("Vary", "Cookie, Accept-Language");
    applyCommonSecurityHeaders(headers);
    return new Response(new Uint8Array(image), { headers });
  } catch (error) {
    if (error instanceof StorageUnavailableError) {
      return new Response(t("The photo store is not answering; try again in a moment."), { status: 503, headers: { "Retry-After": "30" } });
    }
    throw error;
  }
}

async function previewFor(t: Translate, kind: string, name: string): Promise<Buffer | null> {
  const db = getDb();
  const storage = getStorage();
  const { hunt, publicUrl } = env();
  const footer = `${hunt.name} · ${publicUrl.host}`;
  const huntCard = async (title: string): Promise<PreviewCard> => {
    const stats = await getHuntStats(db);
    return {
      title,
      subtitle: t("{discoveries, plural, one {# discovery} other {# discoveries}} of {jimmys, plural, other {# Jimmys}}", {
        discoveries: stats.totalDiscoveries,
        jimmys: stats.totalJimmys,
      }),
      footer,
    };
  };
  const id = /^\d{1,10}$/.test(name) && Number(name) >= 1 && Number(name) <= MAX_ROW_ID ? Number(name) : null;
  switch (kind) {
    case "discoveries": {
      const photo = id === null ? null : await findDiscoveryPhoto(db, id);
      return photo ? photoPreview(storage, photo) : null;
    }
    case "jimmys": {
      const serial = parseSerial(name);
      const jimmy = serial === null ? undefined : await findJimmyBySerial(db, serial);
      if (!jimmy) return null;
      const photo = await latestPhotoOf(db, { jimmyId: jimmy.id });
      const fromPhoto = photo ? await photoPreview(storage, photo) : null;
      return (
        fromPhoto ??
        cardPreview(storage, {
          title: t("Jimmy #{serial}", { serial: String(jimmy.serial_number) }),
          subtitle: jimmy.status === "retired" ? t("Retired from the hunt") : t("Still hidden: be its first finder"),
          footer,
        })
      );
    }
    case "hunters": {
      const photo = id === null ? null : await latestPhotoOf(db, { userId: id });
      const fromPhoto = photo ? await photoPreview(storage, photo) : null;
      // A hunter without a find gets the hunt's card: no name of theirs is drawn into a stored image.
      return fromPhoto ?? (id === null ? null : cardPreview(storage, await huntCard(hunt.name)));
    }
    case "pages": {
      const page = PAGE_CARDS[name];
      return page ? cardPreview(storage, await huntCard(page.title === null ? hunt.name : t(page.title))) : null;
    }
    default:
      return null;
  }
}
