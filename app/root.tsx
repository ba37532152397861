import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { MobileNav } from "~/components/MobileNav";
import { NavigationProgress } from "~/components/NavigationProgress";
import { useNonce } from "~/components/nonce";
import { loadFeedSkeleton, PendingPage } from "~/components/PendingPage";
import { type RootLoaderData, type RootUser, useRootData } from "~/components/root-data";
import { AccountArea, DemoSignInBanner, SignInButton, SiteHeader } from "~/components/SiteHeader";
import { SiteFooter } from "~/components/SiteFooter";
import { ToastProvider } from "~/components/Toaster";
import { ErrorPage, loadErrorPage, NotFoundPage } from "~/components/ui/ErrorPage";
import { ICON_SPRITE_HREF } from "~/components/ui/icons";
import type { HuntConfig } from "~/lib/config";
import { env } from "~/infra/env.server";
import { consumeFlash } from "~/web/flash.server";
import { getUser } from "~/web/session.server";
import stylesheet from "~/tailwind.css?url";
import { PageWords, usePageLanguage, useT } from "~/components/i18n";
import { direction } from "~/lib/language";
import { languageCookie, languageFromAddress, requestLanguage } from "~/web/language.server";

// Any form on any page: a request lost on the way keeps the page as it was.
export { shouldRevalidate } from "~/browser/keep-page";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // The icons' sprite (app/components/ui/icons.tsx), asked for beside the stylesheet rather than when the first icon is drawn.
  { rel: "preload", href: ICON_SPRITE_HREF, as: "image", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

// The service worker, saved-copy banner and outbox: loaded a second after the
// page has loaded, so they never compete with its first-load code.
const OfflineShell = lazy(() => import("~/components/OfflineShell"));

function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const wait = () => (timer = window.setTimeout(() => setSettled(true), 1000));
    if (document.readyState === "complete") wait();
    else window.addEventListener("load", wait, { once: true });
    return () => {
      window.removeEventListener("load", wait);
      window.clearTimeout(timer);
    };
  }, []);
  return settled;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  // The hunt's name and tagline are the deployment's own words (HUNT_* settings), shown as written.
  { title: data?.hunt.name ?? "Jimmy Hunt" },
  { name: "description", content: data?.hunt.tagline ?? "" },
  { name: "theme-color", content: "#ea580c" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const config = env();
  const hunt: HuntConfig = config.hunt;
  const { toast, clearHeader } = await consumeFlash(request);
  const sessionUser = await getUser(request);
  const user: RootUser | null = sessionUser
    ? { id: sessionUser.id, firstName: sessionUser.firstName, lastName: sessionUser.lastName, profileImageUrl: sessionUser.profileImageUrl }
    : null;
  // Read with the session (app/models/sessions.server.ts): no statement of its own.
  const unreadNotifications = sessionUser?.unreadNotifications ?? 0;
  // ?lang= opens a page in a language and makes it the reader's (docs/decisions/023-languages.md).
  const asked = languageFromAddress(request);
  const headers = new Headers();
  if (clearHeader) headers.append("Set-Cookie", clearHeader);
  if (asked) headers.append("Set-Cookie", languageCookie(asked));
  return data(
    // origin: PUBLIC_URL's, for the pages' canonical addresses and link previews (app/lib/link-preview.ts).
    {
      hunt,
      origin: config.publicUrl.origin,
      toast,
      now: new Date().toISOString(),
      user,
      unreadNotifications,
      demoSignIn: config.demoSignIn,
      language: requestLanguage(request),
    } satisfies RootLoaderData,
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  // None on a shared page, whose inline scripts are allowed by hash (app/entry.server.tsx).
  const nonce = useNonce() || undefined;
  useEffect(() => {
    // Lets browser tests (and CSS) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const root = useRootData();
  const language = usePageLanguage();
  const t = useT();
  const settled = useSettled();
  useEffect(() => {
    if (!settled) return;
    void loadFeedSkeleton().catch(() => undefined);
    // An error met later (the next page's connection lost) finds its page's code loaded.
    void loadErrorPage().catch(() => undefined);
  }, [settled]);
  const hunt: HuntConfig = root?.hunt ?? {
    name: "Jimmy Hunt",
    tagline: "",
    socialPhotosUrl: "/",
    socialForumUrl: "/",
    socialPhotosLabel: "Instagram",
    socialForumLabel: t("Community forum"),
    contactEmail: "",
  };
  return (
    <html lang={language} dir={direction(language)} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <Meta />
        <Links />
        <PageWords />
      </head>
      <body className="flex min-h-full flex-col">
        <a
          href="#main"
          className="sr-only z-[200] rounded-md bg-white px-4 py-2 font-semibold text-orange-800 focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
        >
          {t("Skip to content")}
        </a>
        <NavigationProgress />
        <ToastProvider flash={root?.toast ?? null}>
          {root?.demoSignIn ? <DemoSignInBanner /> : null}
          <SiteHeader
            hunt={hunt}
            accountArea={!root?.user ? <SignInButton /> : <AccountArea user={root.user} unreadNotifications={root.unreadNotifications} />}
          />
          {settled ? (
            <Suspense fallback={null}>
              <OfflineShell hunter={root?.user ? String(root.user.id) : null} />
            </Suspense>
          ) : null}
          <main id="main" className="flex-1">
            <PendingPage huntName={hunt.name}>{children}</PendingPage>
          </main>
          <SiteFooter hunt={hunt} />
          <MobileNav hunt={hunt} />
        </ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Any page's error: the status and the server's words (a 404 is the lost-Jimmy page). */
export function ErrorBoundary() {
  const t = useT();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage eyebrow="status" home={t("Go Home")} />;
}
