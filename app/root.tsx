import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { type ButtonHTMLAttributes, createContext, lazy, Suspense, useContext, useEffect, useState } from "react";
import { MobileNav } from "~/components/MobileNav";
import { NavigationProgress } from "~/components/NavigationProgress";
import { useNonce } from "~/components/nonce";
import { loadFeedSkeleton, PendingPage } from "~/components/PendingPage";
import { AccountArea, DemoSignInBanner, type HeaderUser, SignInButton, SiteHeader } from "~/components/SiteHeader";
import { SiteFooter } from "~/components/SiteFooter";
import { ToastProvider } from "~/components/Toaster";
import { AlertIcon, ICON_SPRITE_HREF } from "~/components/ui/icons";
import type { HuntConfig } from "~/lib/config";
import { isLostConnection, keepDataAfterTransportFailure } from "~/lib/transport";
import { countUnreadNotifications } from "~/models/notifications.server";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { consumeFlash } from "~/web/flash.server";
import { getUser } from "~/web/session.server";
import stylesheet from "~/tailwind.css?url";

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
  { title: data?.hunt.name ?? "Jimmy Hunt" },
  { name: "description", content: data?.hunt.tagline ?? "" },
  { name: "theme-color", content: "#ea580c" },
];

/**
 * The signed-in hunter as every page knows them: the header's name and photo, and the id
 * this device files their outbox, drafts and saved pages under (docs/decisions/010-service-worker.md).
 */
export type RootUser = HeaderUser & { id: number };

export async function loader({ request }: LoaderFunctionArgs) {
  const config = env();
  const hunt: HuntConfig = config.hunt;
  const { toast, clearHeader } = await consumeFlash(request);
  const sessionUser = await getUser(request);
  const user: RootUser | null = sessionUser
    ? { id: sessionUser.id, firstName: sessionUser.firstName, lastName: sessionUser.lastName, profileImageUrl: sessionUser.profileImageUrl }
    : null;
  const unreadNotifications = sessionUser ? await countUnreadNotifications(getDb(), sessionUser.id) : 0;
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
    },
    clearHeader ? { headers: { "Set-Cookie": clearHeader } } : undefined,
  );
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof loader>("root") as RootLoaderData | undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // None on a shared page, whose inline scripts are allowed by hash (app/entry.server.tsx).
  const nonce = useNonce() || undefined;
  useEffect(() => {
    // Lets browser tests (and CSS) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const root = useRootData();
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

/** Any form on any page: a request lost on the way keeps the page as it was (see ~/lib/transport). */
export const shouldRevalidate = keepDataAfterTransportFailure;

export default function App() {
  return <Outlet />;
}

/** Any page's error: the status and the server's words (a 404 is the lost-Jimmy page). */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage eyebrow="status" home="Go Home" />;
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

/*
 * The parts every page may show, the error page and the button looks, live
 * here, in the code every page loads: in a module of their own they became
 * chunks of their own, which cost each page more than the copies they replace
 * (docs/decisions/012-form-parts.md).
 */

/**
 * A page's words for one answer: `message` is always shown; `fallback` only
 * when the server gave no words of its own (a thrown Response's text, or the
 * JSON API's { message }).
 */
export type ErrorText = { title: string; message?: string; fallback?: string };

/** The words for each status, unless a page says it its own way. */
const STATUS_TEXTS: Record<number, ErrorText> = {
  401: { title: "Sign in first" },
  403: { title: "Not allowed" },
  404: { title: "Not found" },
  429: { title: "Slow down", fallback: "Wait a minute, then try again." },
  503: { title: "Busy right now" },
};
const GENERIC_MESSAGE = "Something went wrong on our side. Please try again in a moment.";
/** A page whose data never arrived: the app may be fine, the connection was not. */
const LOST_MESSAGE = "The connection dropped before this page arrived. Check it and try again.";

/** Some statuses a page words its own way; `other` covers every status it does not name. */
export type ErrorTexts = { [status: number]: ErrorText; other?: ErrorText };

/**
 * The one error page every route's ErrorBoundary renders: the status, what
 * went wrong in the page's words (or the server's), and the way back to the hunt.
 */
export function ErrorPage({
  texts = {},
  eyebrow = "icon",
  home = "Back to the hunt",
}: {
  texts?: ErrorTexts;
  eyebrow?: "icon" | "status";
  home?: string;
}) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const lost = isLostConnection(error);
  const text = lost
    ? { title: texts.other?.title ?? "Connection lost", message: LOST_MESSAGE }
    : (texts[status] ?? texts.other ?? STATUS_TEXTS[status] ?? { title: status < 500 ? "We couldn't do that" : "Something went wrong" });
  const data: unknown = isRouteErrorResponse(error) ? error.data : null;
  const given = typeof data === "string" ? data : typeof data === "object" && data !== null && "message" in data ? data.message : null;
  const message = text.message ?? (typeof given === "string" && given ? given : (text.fallback ?? GENERIC_MESSAGE));
  return (
    <ErrorNotice
      eyebrow={
        eyebrow === "status" && !lost ? (
          <p className="text-sm font-semibold uppercase tracking-wide text-orange-700">Error {status}</p>
        ) : (
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-orange-100 text-orange-800">
            <AlertIcon className="h-7 w-7" />
          </span>
        )
      }
      title={text.title}
      message={message}
      home={home}
    />
  );
}

/** The id of the request being rendered (server/request-log.ts), given by the server's entry; null in the browser. */
export const RequestIdContext = createContext<string | null>(null);

/** The id an error page from the server shows, read before it is hydrated (then taken, so no later page shows it). */
let pageRequestId = typeof document === "undefined" ? null : (document.getElementById("request-id")?.textContent ?? null);

/**
 * The id of the request whose error page this is, for the hunter to quote: on
 * the server, the request's; in the browser, the one the server's page
 * showed (a page the browser rendered itself has none to show).
 */
function useRequestId(): string | null {
  const fromServer = useContext(RequestIdContext);
  const [id] = useState(() => {
    const shown = fromServer ?? pageRequestId;
    pageRequestId = null;
    return shown;
  });
  return id;
}

/** An error page's frame, alike on every page: a sign, a heading, the words, the way home. */
export function ErrorNotice({
  eyebrow,
  title,
  message,
  home = "Back to the hunt",
}: {
  eyebrow: React.ReactNode;
  title: string;
  message: string;
  home?: string;
}) {
  const requestId = useRequestId();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      {eyebrow}
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-3 text-stone-700">{message}</p>
      <Link to="/" className={buttonClass("primary", "cta", "mt-8")}>
        {home}
      </Link>
      {requestId && (
        <p className="mt-6 text-xs text-stone-600">
          Reference <code id="request-id">{requestId}</code>
        </p>
      )}
    </section>
  );
}

const BUTTON_LOOKS = {
  primary: "rounded-full bg-orange-700 font-semibold text-white hover:bg-orange-800 disabled:opacity-60",
  danger: "rounded-full bg-red-700 font-semibold text-white hover:bg-red-800 disabled:opacity-60",
  secondary: "rounded-full border border-stone-300 font-semibold hover:bg-stone-50",
} as const;

const BUTTON_SIZES = {
  /** A form's own button: 44 px high, the size a thumb hits. */
  form: "h-11 px-5",
  /** A call to action under a message ("Back to the hunt"). */
  cta: "inline-flex px-5 py-2.5",
  /** Sized by the caller (a grid cell, a full-width row). */
  none: "",
} as const;

export type ButtonLook = keyof typeof BUTTON_LOOKS;

/** The class string of a button (or of a link that looks like one); `extra` places it (margins, width). */
export function buttonClass(look: ButtonLook = "primary", size: keyof typeof BUTTON_SIZES = "form", extra = ""): string {
  return [extra, BUTTON_SIZES[size], BUTTON_LOOKS[look]].filter(Boolean).join(" ");
}

/** A link beside a form's button that leads away (Cancel): the button's size, a quieter look. */
export const secondaryLinkClass = buttonClass("secondary", "form", "inline-flex items-center");

export function Button({
  look = "primary",
  size = "form",
  className,
  type = "submit",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { look?: ButtonLook; size?: keyof typeof BUTTON_SIZES }) {
  return <button type={type} className={buttonClass(look, size, className)} {...props} />;
}
