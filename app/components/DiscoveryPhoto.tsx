import { useState } from "react";
import type { DiscoveryCardData } from "~/lib/discoveries";
import { fullName } from "~/lib/format";
import type { Photo } from "~/lib/photos";
import { ImageViewer } from "./ImageViewer";
import { useHydrated } from "./useHydrated";

/** A discovery photo's text alternative: which Jimmy, where, and who found it. */
export function photoAlt(discovery: DiscoveryCardData): string {
  const who = fullName(discovery.user.firstName, discovery.user.lastName);
  return `Jimmy #${discovery.jimmy.serialNumber}${discovery.place ? ` ${discovery.locationApproximate ? "" : "in "}${discovery.place}` : ""}, found by ${who}`;
}

/**
 * A responsive discovery photo. Without JavaScript it links to the full-size
 * image; with JavaScript it opens the image viewer instead.
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
  return (
    <>
      <a
        href={photo.largeSrc}
        className="block overflow-hidden bg-stone-200"
        aria-label={`View full-size photo: ${alt}`}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setOpen(true);
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
      {hydrated ? <ImageViewer open={open} src={photo.largeSrc} alt={alt} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
