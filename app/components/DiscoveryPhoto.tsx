import { lazy, Suspense, useState } from "react";
import { type MessageKey, translator } from "~/lib/language";
import type { DiscoveryCardData } from "~/lib/discoveries";
import { fullName } from "~/lib/format";
import type { Photo } from "~/lib/photos";
import { useT } from "./i18n";
import { useHydrated } from "./useHydrated";

/** Any `t` (useT, requestT, metaT) where only text comes back. */
type Words = (key: MessageKey, values?: Record<string, string | number | null | undefined>) => string;

// The viewer's code comes with the first photo opened, not with every page that shows one.
const loadImageViewer = () => import("./ImageViewer");
const ImageViewer = lazy(() => loadImageViewer().then((module) => ({ default: module.ImageViewer })));

/** A discovery photo's text alternative: which Jimmy, where, and who found it, in the language of `t` (the page's). */
export function photoAlt(discovery: DiscoveryCardData, t: Words = translator("en")): string {
  const name = fullName(discovery.user.firstName, discovery.user.lastName);
  const serial = String(discovery.jimmy.serialNumber);
  return discovery.place
    ? t("Jimmy #{serial} in {place}, found by {name}", { serial, place: discovery.place, name })
    : t("Jimmy #{serial}, found by {name}", { serial, name });
}

/**
 * A responsive discovery photo. Without JavaScript it links to the full-size
 * image; with JavaScript it opens the image viewer instead (or, when the
 * viewer's code cannot be fetched, follows the link after all).
 */
export function DiscoveryPhoto({
  photo,
  alt,
  sizes,
  priority = false,
  className = "",
}: {
  photo: Photo;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing hands focus back as usual.
  const [viewer, setViewer] = useState(false);
  return (
    <>
      <a
        href={photo.largeSrc}
        className="block overflow-hidden bg-stone-200"
        aria-label={t("View full-size photo: {alt}", { alt })}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          void loadImageViewer().then(
            () => {
              setViewer(true);
              setOpen(true);
            },
            () => window.location.assign(photo.largeSrc),
          );
        }}
      >
        <img
          src={photo.src}
          srcSet={photo.srcSet}
          sizes={sizes}
          width={photo.width}
          height={photo.height}
          alt={alt}
          loading={priority ? "eager" : "lazy"}
          decoding={priority ? "sync" : "async"}
          {...(priority ? { fetchpriority: "high" } : {})}
          className={`h-auto w-full object-cover ${className}`}
        />
      </a>
      {viewer ? (
        <Suspense fallback={null}>
          <ImageViewer open={open} src={photo.largeSrc} alt={alt} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
