import { requestLanguage } from "~/web/language.server";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { z } from "zod";
import { LogoutIcon } from "~/components/ui/icons";
import { discoveryDateTime, readerDate, readerDateTime, requestPreferences } from "~/web/reader-terms.server";
import { listAdminActions } from "~/models/audit-log.server";
import { listRecentComments } from "~/models/comments.server";
import { listDiscoveriesForAdmin } from "~/models/discoveries.server";
import { listOpenFlagGroups } from "~/models/flags.server";
import { listMissingQueue } from "~/models/missing.server";
import { ADMIN_HEADERS } from "~/web/admin.server";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { isAdmin } from "~/web/session.server";
import { readForm } from "~/web/form.server";
import { MAX_ROW_ID } from "~/lib/ids";
import { photoUrls } from "~/infra/storage.server";
import { RecentActivity } from "./activity";
import { Discoveries, panelHref } from "./Discoveries";
import { PasswordGate } from "./PasswordGate";
import { FlagQueue, MissingQueue } from "./queues";
import { signInAction, signOutAction } from "./sign-in.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const ADMIN_PAGE_SIZE = 20;

export const meta: MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(ADMIN_HEADERS);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

const PageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);
const UptoSchema = z.coerce.number().int().min(1).max(MAX_ROW_ID).optional().catch(undefined);

export async function loader({ request }: LoaderFunctionArgs) {
  if (!env().adminPasswordHash) return { state: "not_configured" as const };
  const db = getDb();
  if (!(await isAdmin(request, { db }))) return { state: "gate" as const };
  const params = new URL(request.url).searchParams;
  const page = PageSchema.parse(params.get("page") ?? 1);
  const upto = UptoSchema.parse(params.get("upto") ?? undefined);
  const flagPage = PageSchema.parse(params.get("flags") ?? 1);
  const [list, comments, log, flags, missing] = await Promise.all([
    listDiscoveriesForAdmin(db, photoUrls(), { page, pageSize: ADMIN_PAGE_SIZE, upto }),
    listRecentComments(db, 20),
    listAdminActions(db, 25),
    listOpenFlagGroups(db, photoUrls(), { page: flagPage }),
    listMissingQueue(db, 50),
  ]);
  const pages = Math.max(1, Math.ceil(list.total / ADMIN_PAGE_SIZE));
  if (page > pages) throw redirect(panelHref({ page: pages, upto: list.upto, flagPage: flags.page }));
  // Worded as public pages word them (docs/decisions/019): a discovery in its place's zone, anything else in the admin's own.
  const preferences = requestPreferences(request);
  const language = requestLanguage(request);
  const day = (at: string) => readerDate(at, preferences, language);
  return {
    state: "panel" as const,
    page,
    pages,
    ...list,
    discoveries: list.discoveries.map((d) => ({ ...d, when: discoveryDateTime(d, preferences.timeZone, language) })),
    comments: comments.map((c) => ({ ...c, postedOn: day(c.createdAt) })),
    log: log.map((entry) => ({ ...entry, when: readerDateTime(entry.createdAt, preferences, language) })),
    flags: { ...flags, groups: flags.groups.map((g) => ({ ...g, lastFlaggedOn: day(g.lastFlaggedAt) })) },
    missing: missing.map((m) => ({
      ...m,
      lastReportedOn: m.lastReportedAt ? day(m.lastReportedAt) : null,
      seenOn: m.locatedAt ? day(m.locatedAt) : null,
    })),
  };
}

/** What the panel's parts are given: the loader's answer to a signed-in admin. */
export type PanelData = Extract<Awaited<ReturnType<typeof loader>>, { state: "panel" }>;

/** The gate's sign-in and the panel's sign-out; the queues' and lists' own forms post to their own routes. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  const address = clientAddress(request, context);
  const form = await readForm(request);
  const forms = { request, db, form, address };
  return form.get("intent") === "sign-out" ? signOutAction(forms) : signInAction(forms);
}

export default function Admin() {
  const loaderData = useLoaderData<typeof loader>();
  if (loaderData.state === "not_configured") {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-extrabold tracking-tight">Admin</h1>
        <p className="mt-3 text-stone-700">
          Admin sign-in is not configured on this server. An operator can turn it on by setting{" "}
          <code className="rounded bg-stone-100 px-1">ADMIN_PASSWORD_HASH</code> (made with{" "}
          <code className="rounded bg-stone-100 px-1">npm run admin:hash-password</code>) and restarting.
        </p>
        <Link to="/" className="mt-6 inline-block font-semibold text-orange-700 hover:underline">
          Back to Hunt
        </Link>
      </section>
    );
  }
  if (loaderData.state === "gate") return <PasswordGate />;
  return <AdminPanel panel={loaderData} />;
}

function AdminPanel({ panel }: { panel: PanelData }) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 wrap-anywhere">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Admin Panel</h1>
          <p className="text-stone-600">{panel.total === 1 ? "1 discovery" : `${panel.total} discoveries`}, newest first</p>
        </div>
        <div className="flex items-center gap-2">
          <Link
            to="/admin/jimmys"
            className="h-10 rounded-full border border-orange-300 px-4 leading-10 font-semibold text-orange-800 hover:bg-orange-50"
          >
            Mint Jimmys &amp; labels
          </Link>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out" />
            <button
              type="submit"
              className="flex h-10 items-center gap-2 rounded-full bg-stone-800 px-4 font-semibold text-white hover:bg-stone-900"
            >
              <LogoutIcon className="h-4 w-4" />
              Logout
            </button>
          </Form>
        </div>
      </div>

      <FlagQueue
        queue={panel.flags}
        pageHref={(flagPage) => panelHref(panel.page > 1 ? { page: panel.page, upto: panel.upto, flagPage } : { flagPage }, "#flags")}
      />
      <MissingQueue entries={panel.missing} />
      <Discoveries panel={panel} />

      <section id="privacy" aria-labelledby="privacy-heading" className="mt-10 scroll-mt-24">
        <h2 id="privacy-heading" className="text-xl font-bold">
          Privacy requests
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          A hunter who writes to ask for their data or for their account to be deleted: give their number or profile address.
        </p>
        <Form method="get" action="/admin/privacy-request" className="mt-3 flex flex-wrap items-end gap-3">
          <label className="flex min-w-0 flex-1 flex-col text-sm font-semibold text-stone-800">
            Hunter
            <input
              name="hunter"
              required
              placeholder="12 or /hunters/12"
              className="mt-1 h-11 rounded-xl border border-stone-300 px-3 font-normal"
            />
          </label>
          <button type="submit" className="h-11 rounded-full border border-red-300 px-5 font-semibold text-red-800 hover:bg-red-50">
            Open the request…
          </button>
        </Form>
      </section>

      <RecentActivity comments={panel.comments} log={panel.log} />
    </section>
  );
}
