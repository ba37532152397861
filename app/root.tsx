import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { MobileFloatingMenu, MobileNav } from "~/components/MobileNav";
import { NavigationProgress } from "~/components/NavigationProgress";
import { useNonce } from "~/components/nonce";
import { loadFeedSkeleton, PendingPage } from "~/components/PendingPage";
import { PersonalSlot, usePersonalTemplate } from "~/components/personal-template";
import { AccountArea, DemoSignInBanner, type HeaderUser, SignInButton, SiteHeader } from "~/components/SiteHeader";
import { SiteFooter } from "~/components/SiteFooter";
import { ToastProvider } from "~/components/Toaster";
import type { HuntConfig } from "~/lib/config";
import { keepDataAfterTransportFailure } from "~/lib/transport";
import { ACCOUNT_AREA_KEY, personalValue } from "~/lib/personal-template";
import { countUnreadNotifications } from "~/models/notifications.server";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { consumeFlash } from "~/web/flash.server";
import { getUser } from "~/web/session.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
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
  { title: data?.hunt.name ?? "Jimmy Hunt" },
  { name: "description", content: data?.hunt.tagline ?? "" },
  { name: "theme-color", content: "#ea580c" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const config = env();
  const hunt: HuntConfig = config.hunt;
  const tag = context.personalTemplate;
  if (tag) {
    // A template for any signed-in hunter: each one's name and count are put into their copy.
    const user: HeaderUser = {
      firstName: personalValue(tag, "user.firstName"),
      lastName: personalValue(tag, "user.lastName"),
      profileImageUrl: personalValue(tag, "user.profileImageUrl"),
    };
    const unreadNotifications = personalValue<number>(tag, "user.unreadNotifications");
    return data({ hunt, toast: null, now: new Date().toISOString(), user, unreadNotifications, demoSignIn: config.demoSignIn });
  }
  const { toast, clearHeader } = await consumeFlash(request);
  const sessionUser = await getUser(request);
  const user = sessionUser
    ? { firstName: sessionUser.firstName, lastName: sessionUser.lastName, profileImageUrl: sessionUser.profileImageUrl }
    : null;
  const unreadNotifications = sessionUser ? await countUnreadNotifications(getDb(), sessionUser.id) : 0;
  return data(
    { hunt, toast, now: new Date().toISOString(), user, unreadNotifications, demoSignIn: config.demoSignIn },
    clearHeader ? { headers: { "Set-Cookie": clearHeader } } : undefined,
  );
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof loader>("root") as RootLoaderData | undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  useEffect(() => {
    // Lets browser tests (and CSS) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const root = useRootData();
  const template = usePersonalTemplate();
  const settled = useSettled();
  useEffect(() => {
    if (settled) void loadFeedSkeleton().catch(() => undefined);
  }, [settled]);
  const hunt: HuntConfig = root?.hunt ?? {
    name: "Jimmy Hunt",
    tagline: "",
    socialPhotosUrl: "/",
    socialForumUrl: "/",
    socialPhotosLabel: "Instagram",
    socialForumLabel: "Community forum",
    contactEmail: "",
  };
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col">
        <a
          href="#main"
          className="sr-only z-[200] rounded-md bg-white px-4 py-2 font-semibold text-orange-800 focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
        >
          Skip to content
        </a>
        <NavigationProgress />
        <ToastProvider flash={root?.toast ?? null}>
          {root?.demoSignIn ? <DemoSignInBanner /> : null}
          <SiteHeader
            hunt={hunt}
            accountArea={
              !root?.user ? (
                <SignInButton />
              ) : import.meta.env.SSR && template ? (
                <PersonalSlot tag={template} name={ACCOUNT_AREA_KEY} />
              ) : (
                <AccountArea user={root.user} unreadNotifications={root.unreadNotifications} />
              )
            }
          />
          {settled ? (
            <Suspense fallback={null}>
              <OfflineShell />
            </Suspense>
          ) : null}
          <main id="main" className="flex-1">
            <PendingPage huntName={hunt.name}>{children}</PendingPage>
          </main>
          <SiteFooter hunt={hunt} />
          <MobileFloatingMenu hunt={hunt} />
          <MobileNav />
        </ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Any form on any page: a request lost on the way keeps the page as it was (see ~/lib/transport). */
export const shouldRevalidate = keepDataAfterTransportFailure;

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (notFound) return <NotFoundPage />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A thrown Response carries its message as text, or as the JSON API's { message }.
  const data: unknown = isRouteErrorResponse(error) ? error.data : null;
  const given = typeof data === "string" ? data : typeof data === "object" && data !== null && "message" in data ? data.message : null;
  const message = typeof given === "string" && given ? given : "Something went wrong on our side. Please try again in a moment.";
  return (
    <ErrorNotice
      eyebrow={<p className="text-sm font-semibold uppercase tracking-wide text-orange-700">Error {status}</p>}
      title={status >= 500 ? "Something went wrong" : "We couldn't do that"}
      message={message}
      home="Go Home"
    />
  );
}

export function NotFoundPage() {
  return (
    <ErrorNotice
      eyebrow={<img src="/logo.svg" alt="" width={80} height={80} className="mx-auto h-20 w-20 opacity-80" />}
      title="404 Page Not Found"
      message="This Jimmy wandered off. The page you are looking for doesn't exist."
      home="Go Home"
    />
  );
}

/**
 * An error page's content, alike on every page: what went wrong in the
 * page's own words, and the way back to the hunt. It lives here, in the code
 * every page loads, so a route's error page costs only its words.
 */
export function ErrorNotice({ eyebrow, title, message, home = "Back to the hunt" }: { eyebrow: React.ReactNode; title: string; message: string; home?: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      {eyebrow}
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-3 text-stone-700">{message}</p>
      <Link to="/" className="mt-8 inline-flex rounded-full bg-orange-700 px-5 py-2.5 font-semibold text-white hover:bg-orange-800">
        {home}
      </Link>
    </section>
  );
}
