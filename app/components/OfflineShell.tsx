/**
 * What the app does for flaky connections once the page is interactive
 * (loaded after hydration, so it costs first-load JavaScript nothing):
 * registers the service worker and offers its updates, names the pages
 * opened to the worker so it keeps them, marks a saved copy of a page shown
 * offline (and refreshes it when the connection returns), sends offline
 * navigations to the worker, and shows the outbox of reports waiting to be
 * sent, sending them when the connection returns
 * (docs/decisions/010-service-worker.md).
 */
import { matchRoutes, useLocation, useRevalidator } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useCallback, useEffect, useRef, useState } from "react";
import { Workbox } from "workbox-window";
import { jimmyPath } from "~/lib/discoveries";
import {
  discardReport,
  isHuntersReport,
  listOutbox,
  nextAttemptAt,
  onOutboxChange,
  sendOutbox,
  type OutboxReport,
  type SendOutcome,
} from "~/browser/outbox";
import { rememberTimeZone } from "~/lib/reader-preferences";
import { reportFormPath } from "~/lib/report-form";
import { hasSavedCopy, savedCopyBanner } from "~/browser/saved-copy";
import { isLostConnection, TRANSPORT_FAILURE_EVENT, type TransportFailure } from "~/lib/transport";
import { useToast } from "./Toaster";
import { usePageLanguage, useT } from "./i18n";
import { translator } from "~/lib/language";
import { CloseIcon } from "./ui/icons";

type Sent = { id: string; serialNumber: number; first: boolean };

/** `hunter`: the id of the hunter this page was answered for, or null for nobody. */
export default function OfflineShell({ hunter }: { hunter: string | null }) {
  // Not about connections, but deferred like them: the reader's time zone, for the dates of their next page.
  useEffect(rememberTimeZone, []);
  useFormRoutesLoaded();
  const savedAt = useSavedCopy();
  useSavedPagesOwner(hunter ?? "", savedAt !== null);
  useOpenedPagesKept(savedAt !== null);
  useConnectionNotices();
  useLostLoadsFromWorker();
  return (
    <div className="empty:hidden">
      <SavedCopyBanner savedAt={savedAt} />
      <UpdatePrompt />
      <Outbox hunter={hunter} />
    </div>
  );
}

/**
 * Tells the hunter when the connection let them down, from the moment the page
 * settles (this shell loads then, not with the page's first JavaScript):
 * - a form's request lost on the way (any form: the page and what was typed
 *   stay; a like, a comment or a report then says it in its own words);
 * - offline, a link or a search form (GET) would fail to load the next page
 *   (the router's error page, or a reload into the browser's offline page):
 *   the service worker is asked for the page instead, which answers with its
 *   saved copy or the offline page. A search form with no saved copy to show
 *   keeps the page and what was typed, and says why.
 */
function useConnectionNotices() {
  const show = useToast();
  const language = usePageLanguage();
  useEffect(() => {
    const t = translator(language);
    const offlineNotice = {
      title: t("You're offline"),
      description: t("That page needs a connection. Nothing here was lost."),
      variant: "destructive",
    } as const;
    function onLost(event: Event) {
      const { offline } = (event as CustomEvent<TransportFailure>).detail;
      show({
        title: offline ? t("You're offline") : t("Connection lost"),
        description: t("That may not have reached us. Nothing you typed was lost: try again once you're connected."),
        variant: "destructive",
      });
    }
    function onClick(event: MouseEvent) {
      if (
        navigator.onLine ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element).closest?.("a[href]:not([download]):not([target])");
      if (!(link instanceof HTMLAnchorElement) || !isAnotherPage(new URL(link.href))) return;
      event.preventDefault();
      if (navigator.serviceWorker?.controller) return location.assign(link.href);
      show(offlineNotice);
    }
    function onSubmit(event: SubmitEvent) {
      const form = event.target;
      if (navigator.onLine || event.defaultPrevented || !(form instanceof HTMLFormElement) || form.target) return;
      const method = event.submitter?.getAttribute("formmethod") ?? form.getAttribute("method") ?? "get";
      if (method.toLowerCase() !== "get") return;
      const url = new URL(event.submitter?.getAttribute("formaction") ?? form.action, location.href);
      url.search = new URLSearchParams(
        [...new FormData(form, event.submitter).entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      ).toString();
      if (url.origin !== location.origin) return;
      event.preventDefault();
      void hasSavedCopy(url).then((saved) =>
        saved && navigator.serviceWorker?.controller ? location.assign(url.href) : show(offlineNotice),
      );
    }
    window.addEventListener(TRANSPORT_FAILURE_EVENT, onLost);
    window.addEventListener("click", onClick, true);
    window.addEventListener("submit", onSubmit, true);
    // Tests (and anyone curious) can tell the page now watches its connection.
    document.documentElement.dataset.connection = "watched";
    return () => {
      window.removeEventListener(TRANSPORT_FAILURE_EVENT, onLost);
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("submit", onSubmit, true);
    };
  }, [show, language]);
}

/**
 * The saved pages are the signed-in hunter's alone (`owner`, "" for nobody): a page loaded from the
 * network (not a saved copy) says who the session is now, at first and
 * whenever its data changes (a sign-in, an account deleted). When that is
 * someone else, or nobody, the worker drops the pages saved before
 * (keepSavedPagesOf in app/browser/saved-copy.ts), in turn with its saves.
 */
function useSavedPagesOwner(owner: string, savedCopy: boolean) {
  const loaded = useRef(false);
  useEffect(() => {
    // This page's own saved copy was stored after it was asked for, so it stays; after a change only newer ones do.
    const askedAt = loaded.current ? performance.now() : 0;
    loaded.current = true;
    // A saved copy shown offline knows nothing new of the session (until its data is loaded afresh).
    if (savedCopy || !navigator.onLine) return;
    tellWorker((age) => ({ type: "SAVED_PAGES_OWNER", owner, age: age(askedAt) }));
  }, [owner, savedCopy]);
}

/**
 * Posts a message to the active service worker once there is one. Times go
 * as ages, `age(at)` (how long ago `at`, a time on this page's
 * `performance.now()`, was when the message leaves): the worker reads them
 * on its own clock, which the saved copies are dated by.
 */
function tellWorker(message: (age: (at: number) => number) => object) {
  if (!navigator.serviceWorker) return;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage(message((at) => Math.max(0, performance.now() - at))),
  );
}

/**
 * Names each page the hunter opens to the service worker, which keeps it for
 * offline use: the worker sees only the pages the browser loads through it,
 * not the one that installed it (the first page of a fresh phone), nor the
 * pages the app's own navigation reaches (it loads their data alone). The
 * worker fetches a page only when it has not saved it since it was asked for.
 */
function useOpenedPagesKept(savedCopy: boolean) {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // The first page was asked for when this document was (0 on its performance.now()); each later one just now.
    const askedAt = first.current ? 0 : performance.now();
    first.current = false;
    if (savedCopy || !navigator.onLine) return;
    const url = location.origin + pathname + search;
    tellWorker((age) => ({ type: "SAVE_PAGE", url, age: age(askedAt) }));
  }, [pathname, search, savedCopy]);
}

/**
 * When this page is a saved copy shown offline, when it was saved; null once
 * it is not (or never was). When the connection returns, the page's data is
 * loaded afresh, and once it is in, the page is the live one again.
 */
function useSavedCopy(): string | null {
  const [savedAt, setSavedAt] = useState(() => document.documentElement.dataset.savedCopy ?? null);
  const { revalidate } = useRevalidator();
  const refresh = useRef(revalidate);
  refresh.current = revalidate;
  useEffect(() => {
    const router = (window as RemixWindow).__remixRouter;
    if (!savedAt || !router) return;
    let asked = false;
    const onOnline = () => {
      asked = true;
      void refresh.current();
    };
    // A lost connection again is useLostLoadsFromWorker's: the page reloads into the worker's answer.
    const unsubscribe = router.subscribe((state) => {
      if (!asked || state.revalidation !== "idle" || state.navigation.state !== "idle") return;
      asked = false;
      if (state.errors) return;
      delete document.documentElement.dataset.savedCopy;
      setSavedAt(null);
    });
    window.addEventListener("online", onOnline);
    return () => {
      unsubscribe();
      window.removeEventListener("online", onOnline);
    };
  }, [savedAt]);
  return savedAt;
}

function isAnotherPage(url: URL): boolean {
  return url.origin === location.origin && url.pathname + url.search !== location.pathname + location.search;
}

/**
 * A page whose data could not be loaded because the connection failed (a
 * link followed while the phone still thinks it is online, the page's data
 * reloaded after a form): the router has put its error page in place of the
 * page. The page is asked of the service worker instead, which answers with
 * its saved copy or the offline page, so the hunter sees what is true: they
 * are offline, and what this device still holds.
 */
function useLostLoadsFromWorker() {
  useEffect(() => {
    const router = (window as RemixWindow).__remixRouter;
    if (!router) return;
    return router.subscribe((state) => {
      if (state.navigation.state !== "idle" || !state.errors || !navigator.serviceWorker?.controller) return;
      if (Object.values(state.errors).some(isLostConnection)) location.reload();
    });
  }, []);
}

type RemixWindow = Window & {
  __remixManifest?: { routes: Record<string, { module?: string }> };
  __remixRouter?: {
    routes: Parameters<typeof matchRoutes>[0];
    subscribe(
      listener: (state: { navigation: { state: string }; revalidation: string; errors: Record<string, unknown> | null }) => void,
    ): () => void;
  };
};

/**
 * The code of the routes this page's forms post to (a like, the report dialog, an
 * admin action), loaded while the connection is there: a form sent offline then
 * fails in its own request and keeps the page, rather than failing to load that
 * code and reloading into the browser's offline page. Remix has found the routes
 * already (the forms are marked data-discover); this fetches their modules, which
 * the browser then keeps for the page's life.
 */
function useFormRoutesLoaded() {
  useEffect(() => {
    const loaded = new Set<string>();
    const { __remixManifest: manifest, __remixRouter: router } = window as RemixWindow;
    if (!manifest || !router) return;
    const load = () => {
      if (!navigator.onLine) return;
      for (const form of document.querySelectorAll<HTMLFormElement>("form[method=post]")) {
        const path = new URL(form.action, location.href).pathname;
        for (const match of matchRoutes(router.routes, path) ?? []) {
          const module = manifest.routes[match.route.id ?? ""]?.module;
          if (!module || loaded.has(module)) continue;
          loaded.add(module);
          void import(/* @vite-ignore */ module).catch(() => loaded.delete(module));
        }
      }
    };
    load();
    // Forms come and go (a dialog, the next page of the feed) and routes are found a moment later.
    const timer = window.setInterval(load, 3000);
    window.addEventListener("online", load);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("online", load);
    };
  }, []);
}

function SavedCopyBanner({ savedAt }: { savedAt: string | null }) {
  const t = useT();
  const [, tick] = useState(0);
  useEffect(() => {
    if (!savedAt) return;
    const timer = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, [savedAt]);
  if (!savedAt) return null;
  return (
    <div role="status" className="bg-stone-800 px-4 py-2 text-center text-sm font-semibold text-white">
      {savedCopyBanner(savedAt, t)}
    </div>
  );
}

/** Registers the worker; a new version waits until the hunter reloads, so this page keeps its code. */
function UpdatePrompt() {
  const t = useT();
  const [workbox, setWorkbox] = useState<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const wb = new Workbox("/sw.js", { scope: "/" });
    wb.addEventListener("waiting", () => setWaiting(true));
    void wb.register().catch(() => undefined);
    setWorkbox(wb);
  }, []);
  if (!waiting || !workbox) return null;
  return (
    <div role="status" className="flex flex-wrap items-center justify-center gap-3 bg-orange-100 px-4 py-2 text-sm text-orange-950">
      <span className="font-semibold">{t("New version available")}</span>
      <button
        type="button"
        onClick={() => {
          workbox.addEventListener("controlling", () => window.location.reload());
          workbox.messageSkipWaiting();
        }}
        className="rounded-full bg-orange-700 px-3 py-1 font-semibold text-white hover:bg-orange-800"
      >
        {t("Reload")}
      </button>
    </div>
  );
}

function Outbox({ hunter }: { hunter: string | null }) {
  const [reports, setReports] = useState<OutboxReport[]>([]);
  const [sent, setSent] = useState<Sent[]>([]);
  const [sending, setSending] = useState(false);
  const showToast = useToast();
  const language = usePageLanguage();
  const t = useT();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  const refresh = useCallback(() => {
    listOutbox().then(setReports, () => setReports([]));
  }, []);

  const announce = useCallback(
    (outcomes: SendOutcome[]) => {
      const t = translator(language);
      const landed = outcomes.filter((outcome) => outcome.result === "sent");
      for (const { report } of landed) {
        const first = report.kind === "first";
        const toast = first
          ? { title: t("Discovery submitted!"), description: t("Jimmy has been officially discovered and added to the hunt") }
          : {
              title: t("Success!"),
              description: t("Your discovery of Jimmy #{serial} has been recorded!", { serial: String(report.serialNumber) }),
            };
        showToast({ ...toast, variant: "success" });
        if (typeof Notification !== "undefined" && Notification.permission === "granted") {
          void navigator.serviceWorker
            ?.getRegistration()
            .then((registration) =>
              registration?.showNotification(toast.title, { body: toast.description, tag: report.id, icon: "/icons/icon-192.png" }),
            );
        }
      }
      for (const outcome of outcomes) {
        if (outcome.result === "refused") {
          showToast({ title: t("Your discovery could not be sent"), description: outcome.message, variant: "destructive" });
        }
      }
      if (landed.length) {
        setSent((current) => [
          ...current,
          ...landed.map(({ report }) => ({ id: report.id, serialNumber: report.serialNumber, first: report.kind === "first" })),
        ]);
        revalidate.current();
      }
    },
    [showToast, language],
  );

  const send = useCallback(
    async (now = false) => {
      setSending(true);
      try {
        announce(await sendOutbox({ now }));
      } finally {
        setSending(false);
        refresh();
      }
    },
    [announce, refresh],
  );

  useEffect(() => {
    refresh();
    const unsubscribe = onOutboxChange(refresh);
    const onOnline = () => void send();
    const onVisible = () => {
      if (document.visibilityState === "visible") void send();
    };
    const onWorkerMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === "SEND_OUTBOX") void send();
    };
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisible);
    navigator.serviceWorker?.addEventListener("message", onWorkerMessage);
    void send();
    return () => {
      unsubscribe();
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
      navigator.serviceWorker?.removeEventListener("message", onWorkerMessage);
    };
  }, [refresh, send]);

  const mine = reports.filter((report) => isHuntersReport(report, hunter));
  const held = reports.filter((report) => !isHuntersReport(report, hunter));
  // Backoff: the next try when the earliest waiting report is due.
  const due = nextAttemptAt(mine);
  useEffect(() => {
    if (due === null) return;
    const timer = setTimeout(() => void send(), Math.max(1000, due - Date.now()));
    return () => clearTimeout(timer);
  }, [due, send]);

  const waiting = mine.filter((report) => !report.refusal);
  const refused = mine.filter((report) => report.refusal);
  if (reports.length === 0 && sent.length === 0) return null;
  return (
    <section aria-label={t("Outbox")} className="border-b border-orange-200 bg-orange-50 px-4 py-2 text-sm text-stone-900">
      <div className="mx-auto flex max-w-6xl flex-col gap-2">
        {waiting.length ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="font-semibold">
              {sending
                ? t(
                    "{count, plural, one {# discovery waiting to be sent — sending…} other {# discoveries waiting to be sent — sending…}}",
                    {
                      count: waiting.length,
                    },
                  )
                : t("{count, plural, one {# discovery waiting to be sent} other {# discoveries waiting to be sent}}", {
                    count: waiting.length,
                  })}
            </p>
            <button
              type="button"
              disabled={sending}
              onClick={() => void send(true)}
              className="rounded-full bg-orange-700 px-3 py-1 font-semibold text-white hover:bg-orange-800 disabled:opacity-60"
            >
              {t("Send now")}
            </button>
            {waiting.map((report) => (
              <button
                key={report.id}
                type="button"
                onClick={() => void discardReport(report.id)}
                aria-label={
                  waiting.length === 1 ? t("Cancel") : t("Cancel the discovery of Jimmy #{serial}", { serial: String(report.serialNumber) })
                }
                className="rounded-full border border-stone-300 bg-white px-3 py-1 font-semibold text-stone-800 hover:bg-stone-100"
              >
                {waiting.length === 1 ? t("Cancel") : t("Cancel Jimmy #{serial}", { serial: String(report.serialNumber) })}
              </button>
            ))}
          </div>
        ) : null}
        {refused.map((report) => (
          <div key={report.id} role="alert" className="flex flex-wrap items-center gap-3 text-red-900">
            <p>
              <span className="font-semibold">
                {t("Your discovery of Jimmy #{serial} was not sent.", { serial: String(report.serialNumber) })}
              </span>{" "}
              {report.refusal}
            </p>
            <Link
              to={report.kind === "first" ? reportFormPath(report.serialNumber, "first") : reportFormPath(report.serialNumber, "new")}
              className="font-semibold text-orange-800 underline"
            >
              {t("Open the form")}
            </Link>
            <button type="button" onClick={() => void send(true)} className="font-semibold text-orange-800 underline">
              {t("Try again")}
            </button>
            <button type="button" onClick={() => void discardReport(report.id)} className="font-semibold text-orange-800 underline">
              {t("Discard")}
            </button>
          </div>
        ))}
        {held.map((report) => (
          <div key={report.id} role="status" className="flex flex-wrap items-center gap-3" data-testid="outbox-held">
            <p>
              <span className="font-semibold">
                {report.hunter
                  ? t("{name}'s discovery of Jimmy #{serial} is held on this device.", {
                      name: report.hunter.name,
                      serial: String(report.serialNumber),
                    })
                  : t("A discovery of Jimmy #{serial} is held on this device.", { serial: String(report.serialNumber) })}
              </span>{" "}
              {report.hunter
                ? t("It is sent once they sign in here again.")
                : t("It was kept without its hunter's name, so it is not sent.")}
            </p>
            <button type="button" onClick={() => void discardReport(report.id)} className="font-semibold text-orange-800 underline">
              {t("Discard")}
            </button>
          </div>
        ))}
        {sent.map((entry) => (
          <div key={entry.id} className="flex items-center gap-3 text-emerald-900" data-testid="outbox-sent">
            <p>
              {t("Sent from your outbox: your discovery of {jimmy} has been recorded.", {
                jimmy: (
                  <Link to={jimmyPath(entry.serialNumber)} className="font-semibold underline">
                    {t("Jimmy #{serial}", { serial: String(entry.serialNumber) })}
                  </Link>
                ),
              })}
            </p>
            <button
              type="button"
              aria-label={t("Dismiss")}
              onClick={() => setSent((current) => current.filter((item) => item.id !== entry.id))}
              className="rounded-full p-1 hover:bg-orange-100"
            >
              <CloseIcon className="h-4 w-4" />
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
