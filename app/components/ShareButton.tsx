import { useToast } from "./Toaster";
import { ShareIcon } from "./ui/icons";

/**
 * Shares a page's own link (a discovery's, a Jimmy's): the device's share
 * sheet where there is one, otherwise a copy to the clipboard with a 'Link
 * copied!' toast saying what was copied. Without JavaScript it is simply
 * that link (the click handler exists only once the page is hydrated).
 */
export function ShareButton({ path, title, what = "Discovery" }: { path: string; title: string; what?: string }) {
  const toast = useToast();
  return (
    <a
      href={path}
      aria-label="Share"
      title="Share"
      className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-stone-600 hover:bg-orange-50 hover:text-orange-800"
      onClick={async (event) => {
        event.preventDefault();
        const url = new URL(path, window.location.href).href;
        if (typeof navigator.share === "function") {
          try {
            await navigator.share({ title, url });
            return;
          } catch (error) {
            // The hunter closed the share sheet: nothing to report.
            if (error instanceof DOMException && error.name === "AbortError") return;
          }
        }
        try {
          await navigator.clipboard.writeText(url);
          toast({ title: "Link copied!", description: `${what} link copied to clipboard` });
        } catch {
          toast({ title: "Couldn't copy the link", description: url, variant: "destructive" });
        }
      }}
    >
      <ShareIcon className="h-4 w-4" />
      <span className="sr-only sm:not-sr-only">Share</span>
    </a>
  );
}
