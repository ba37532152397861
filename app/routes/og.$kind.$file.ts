import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatCount, plural } from "~/lib/format";
import { MAX_ROW_ID } from "~/lib/ids";
import { parseSerial } from "~/lib/serial";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { getStorage, StorageUnavailableError } from "~/infra/storage.server";
import { findDiscoveryPhoto, latestPhotoOf } from "~/models/discoveries.server";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { getHuntStats } from "~/models/stats.server";
import { cardPreview, photoPreview, type PreviewCard } from "~/services/link-previews.server";
import { applyCommonSecurityHeaders } from "~/web/security.server";

const notFound = () =>
  new Response("No such preview image.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });

/** The pages with a card of their own, and what it says beyond the hunt's figures. */
const PAGE_CARDS: Record<string, { title: (hunt: string) => string }> = {
  home: { title: (hunt) => hunt },
  discoveries: { title: () => "All Discoveries" },
  map: { title: () => "The hunt's map" },
  "hall-of-fame": { title: () => "Hall of Fame" },
};

/**
 * The link-preview image of a public page (`og:image`), a 1200×630 JPEG:
 * /og/discoveries/{id}.jpg, /og/jimmys/{serial}.jpg, /og/hunters/{id}.jpg and
 * /og/pages/{home,discoveries,map,hall-of-fame}.jpg. Made once and kept in
 * storage (app/services/link-previews.server.ts); what a Jimmy's or a page's
 * shows changes with the hunt, so browsers and scrapers keep it an hour.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const name = /^([a-z0-9-]{1,20})\.jpg$/.exec(params.file ?? "")?.[1];
  if (!name) return notFound();
  try {
    const image = await previewFor(params.kind ?? "", name);
    if (!image) return notFound();
    const headers = new Headers({
      "Content-Type": "image/jpeg",
      "Content-Length": String(image.length),
      "Cache-Control": "public, max-age=3600",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
    applyCommonSecurityHeaders(headers);
    return new Response(new Uint8Array(image), { headers });
  } catch (error) {
    if (error instanceof StorageUnavailableError) {
      return new Response("The photo store is not answering; try again in a moment.", { status: 503, headers: { "Retry-After": "30" } });
    }
    throw error;
  }
}

async function previewFor(kind: string, name: string): Promise<Buffer | null> {
  const db = getDb();
  const storage = getStorage();
  const { hunt, publicUrl } = env();
  const footer = `${hunt.name} · ${publicUrl.host}`;
  const huntCard = async (title: string): Promise<PreviewCard> => {
    const stats = await getHuntStats(db);
    return {
      title,
      subtitle: `${plural(stats.totalDiscoveries, "discovery", "discoveries")} of ${formatCount(stats.totalJimmys)} Jimmys`,
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
          title: `Jimmy #${jimmy.serial_number}`,
          subtitle: jimmy.status === "retired" ? "Retired from the hunt" : "Still hidden: be its first finder",
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
      return page ? cardPreview(storage, await huntCard(page.title(hunt.name))) : null;
    }
    default:
      return null;
  }
}
