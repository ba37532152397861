import { useT } from "./i18n";
import { useToast } from "./Toaster";
import { ShareIcon } from "./ui/icons";

/**
 * Shares a page's own link (a discovery's, a Jimmy's): the device's share
 * sheet where there is one, otherwise a copy to the clipboard with a 'Link
 * copied!' toast saying what was copied. Without JavaScript it is simply
 * that link (the click handler exists only once the page is hydrated).
 * `title` is worded by the caller in the page's language; `what` says which toast.
 */
export function ShareButton({ path, title, what = "Discovery" }: { path: string; title: string; what?: "Discovery" | "Jimmy" }) {
  const t = useT();
  const toast = useToast();
  return (
    <a
      href={path}
      aria-label={t("Share")}
      title={t("Share")}
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
          toast({
            title: t("Link copied!"),
            description: what === "Jimmy" ? t("Jimmy link copied to clipboard") : t("Discovery link copied to clipboard"),
          });
        } catch {
          toast({ title: t("Couldn't copy the link"), description: url, variant: "destructive" });
        }
      }}
    >
      <ShareIcon className="h-4 w-4" />
      <span className="sr-only sm:not-sr-only">{t("Share")}</span>
    </a>
  );
}
