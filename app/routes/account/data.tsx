import { Form, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useT } from "~/components/i18n";
import { useRootData } from "~/components/root-data";
import { Button } from "~/components/ui/Button";
import { IntentForm, Section, useSection } from "./Section";

/**
 * The hunter's archives of their data, each downloadable for 7 days, and the
 * button that asks for a new one (once a day).
 */
export function DataSection() {
  const { exports, answer, busy } = useSection("export");
  const renderedAt = useRootData()?.now ?? "";
  useShowArchiveWhenReady(exports.some((archive) => archive.status === "pending"));
  const t = useT();
  return (
    <Section id="data" title={t("Your data")} scrollTarget>
      <p className="mt-1 text-sm text-stone-700">
        {t(
          "An archive (ZIP) of everything the hunt holds about you: your profile, discoveries with their photos in full size, comments, likes, notifications, watches, flags and sessions, with a README explaining each file. Only you can download it, for 7 days. You can ask once a day; a new archive replaces the one before.",
        )}
      </p>
      {exports.length > 0 ? (
        <ul className="mt-3 divide-y divide-stone-200" aria-label={t("Archives of your data")} aria-live="polite">
          {exports.map((archive) => (
            <li key={archive.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="data-export">
              <span className="text-sm text-stone-800">{t("Asked for on {date}", { date: archive.requestedOn })}</span>
              {archive.status === "ready" ? (
                <a href={`/account/exports/${archive.id}`} className="font-semibold text-orange-800 underline" download>
                  {t("Download ({size}, until {until})", { size: archive.size, until: archive.until })}
                </a>
              ) : archive.status === "pending" ? (
                // Asked by hand, not by a <meta refresh>: reloading would drop whatever is being typed in this page's other forms.
                <Form method="get" action="/account#data-heading" preventScrollReset className="flex items-center gap-2">
                  {/*
                    When this page was made: each press asks for an address the browser has not shown yet. Pressed
                    again on the page it led to, the same address differs only by its #fragment, which a browser
                    without JavaScript takes as a jump within the page, never asking the server.
                  */}
                  <input type="hidden" name="asked" value={renderedAt} />
                  <span className="text-sm text-stone-600">{t("Being prepared…")}</span>
                  <button type="submit" className="min-h-11 rounded-full px-3 text-sm font-semibold text-orange-800 underline">
                    {t("Check again")}
                  </button>
                </Form>
              ) : (
                <span className="text-sm text-stone-600">{archive.status === "expired" ? t("Expired") : t("Could not be made")}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {answer?.formError ? (
        <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {answer.formError}
        </p>
      ) : null}
      <IntentForm intent="export" className="mt-3">
        <Button look="secondary" disabled={busy}>
          {t("Prepare my data")}
        </Button>
      </IntentForm>
    </Section>
  );
}

/** The first pause before asking whether an archive is ready, doubled after each answer up to the longest. */
const ARCHIVE_CHECK_FIRST_MS = 1000;
const ARCHIVE_CHECK_LONGEST_MS = 15_000;
/** An archive still not ready after this has likely failed to be made: the page stops asking, "Check again" stays. */
const ARCHIVE_CHECK_FOR_MS = 10 * 60_000;

/**
 * While an archive is being prepared, asks the small status route with a
 * growing pause (1 s, 2 s, 4 s… at most 15 s), not while the tab is hidden
 * (again at once when it is shown), and reloads the page's data once nothing
 * is pending, so the download link appears without a reload. A failed check
 * is simply asked again later: the page stays as it is.
 */
function useShowArchiveWhenReady(preparing: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!preparing) return;
    const until = Date.now() + ARCHIVE_CHECK_FOR_MS;
    let pause = ARCHIVE_CHECK_FIRST_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    let stopped = false;
    const check = async () => {
      timer = undefined;
      // Hidden: the next check is when the tab is shown again.
      if (stopped || document.hidden || Date.now() > until) return;
      asking = true;
      try {
        const response = await fetch("/account/exports/status", { headers: { Accept: "application/json" }, credentials: "same-origin" });
        const answer = response.ok ? ((await response.json()) as { preparing?: unknown }) : null;
        if (!stopped && answer?.preparing === false) return revalidate();
      } catch {
        // Offline or a dropped connection: asked again after the pause.
      } finally {
        asking = false;
      }
      if (stopped) return;
      timer = setTimeout(() => void check(), pause);
      pause = Math.min(pause * 2, ARCHIVE_CHECK_LONGEST_MS);
    };
    const onVisibility = () => {
      if (document.hidden || asking) return;
      clearTimeout(timer);
      void check();
    };
    timer = setTimeout(() => void check(), pause);
    pause *= 2;
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [preparing, revalidate]);
}
