import { lazy, Suspense, useState } from "react";
import type { DiscoveryCardData } from "~/lib/discoveries";
import { fullName } from "~/lib/format";
import type { Photo } from "~/lib/photos";
import { useHydrated } from "./useHydrated";

// The viewer's code comes with the first photo opened, not with every page that shows one.
const loadImageViewer = () => import("./ImageViewer");
const ImageViewer = lazy(() => loadImageViewer().then((module) => ({ default: module.ImageViewer })));

/** A discovery photo's text alternative: which Jimmy, where, and who found it. */
export function photoAlt(discovery: DiscoveryCardData): string {
  const who = fullName(discovery.user.firstName, discovery.user.lastName);
  return `Jimmy #${discovery.jimmy.serialNumber}${discovery.place ? ` in ${discovery.place}` : ""}, found by ${who}`;
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
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing hands focus back as usual.
  const [viewer, setViewer] = useState(false);
  return (
    <>
      <a
        href={photo.largeSrc}
        className="block overflow-hidden bg-stone-200"
        aria-label={`View full-size photo: ${alt}`}
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
