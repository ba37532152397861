import { lazy, Suspense, type ComponentProps } from "react";
import { useT } from "~/components/i18n";
import type * as ErrorPageViewModule from "./ErrorPageView";
import type { ErrorPageView } from "./ErrorPageView";

/*
 * The error page every route's ErrorBoundary renders. Its code
 * (./ErrorPageView) is not part of what a page needs to become interactive:
 * it loads when a page shows it, and once the page is idle, so that an error
 * met later (a connection lost on the next page) finds it loaded
 * (docs/decisions/012-form-parts.md). The server renders it complete: the
 * document is rendered whole before it is sent (app/entry.server.tsx).
 */

export { RequestIdContext, type ErrorAction, type ErrorText, type ErrorTexts } from "./error-parts";

type ErrorPageModule = typeof ErrorPageViewModule;

let loading: Promise<ErrorPageModule> | undefined;

/** Loads the error page's code (once); app/root.tsx asks for it when the page is idle. */
export function loadErrorPage() {
  loading ??= import("./ErrorPageView").catch((error: unknown) => {
    // Offline before it ever loaded: the next error page asks again.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** What an error met offline shows when the error page's code could not be loaded either. */
function Unreachable() {
  const t = useT();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("Connection lost")}</h1>
      <p className="mt-3 text-stone-700">{t("The connection dropped before this page arrived. Check it and try again.")}</p>
      <a href="/" className="mt-8 inline-flex font-semibold text-orange-800 underline">
        {t("Back to the hunt")}
      </a>
    </section>
  );
}

const View = lazy(() =>
  loadErrorPage().then(
    (module) => ({ default: module.ErrorPageView }),
    () => ({ default: Unreachable }),
  ),
);
const NotFoundView = lazy(() =>
  loadErrorPage().then(
    (module) => ({ default: module.NotFoundPageView }),
    () => ({ default: Unreachable }),
  ),
);

/**
 * The one error page every route's ErrorBoundary renders: the status, what
 * went wrong in the page's words (or the server's), and the way back to the hunt.
 */
export function ErrorPage(props: ComponentProps<typeof ErrorPageView>) {
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}

/** The page for an address the hunt does not have. */
export function NotFoundPage() {
  return (
    <Suspense fallback={null}>
      <NotFoundView />
    </Suspense>
  );
}
