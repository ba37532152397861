import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { z } from "zod";
import { Field } from "~/components/forms";
import { Button } from "~/components/ui/Button";
import { CrownIcon, LogoutIcon } from "~/components/ui/icons";
import { plural } from "~/lib/format";
import { discoveryDateTime, readerDate, readerDateTime, requestPreferences } from "~/web/reader-terms.server";
import { listAdminActions, recordAdminAction } from "~/models/audit-log.server";
import { listRecentComments } from "~/models/comments.server";
import { listDiscoveriesForAdmin } from "~/models/discoveries.server";
import { listOpenFlagGroups } from "~/models/flags.server";
import { listMissingQueue } from "~/models/missing.server";
import { flagReasonLabel } from "~/lib/flags";
import { attemptAdminSignIn } from "~/services/admin.server";
import { ADMIN_HEADERS } from "~/web/admin.server";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { redirectWithToast } from "~/web/flash.server";
import { checkFields } from "~/web/form-action.server";
import { endSession, isAdmin, startSession } from "~/web/session.server";
import { readForm } from "~/web/form.server";
import { MAX_ROW_ID } from "~/lib/ids";
import { useActionAnswer } from "~/lib/action-answer";
import { keepPageOnTransportFailure } from "~/browser/client-action";
import { keepDataAfterTransportFailure } from "~/lib/transport";
import { photoUrls } from "~/infra/storage.server";

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
  const day = (at: string) => readerDate(at, preferences);
  return {
    state: "panel" as const,
    page,
    pages,
    ...list,
    discoveries: list.discoveries.map((d) => ({ ...d, when: discoveryDateTime(d, preferences.timeZone) })),
    comments: comments.map((c) => ({ ...c, postedOn: day(c.createdAt) })),
    log: log.map((entry) => ({ ...entry, when: readerDateTime(entry.createdAt, preferences) })),
    flags: { ...flags, groups: flags.groups.map((g) => ({ ...g, lastFlaggedOn: day(g.lastFlaggedAt) })) },
    missing: missing.map((m) => ({
      ...m,
      lastReportedOn: m.lastReportedAt ? day(m.lastReportedAt) : null,
      seenOn: m.locatedAt ? day(m.locatedAt) : null,
    })),
  };
}

/** The panel's address with both lists' pages: the discoveries' (with the newest id they count up to) and the flag queue's. */
function panelHref({ page, upto, flagPage }: { page?: number; upto?: number; flagPage: number }, hash = ""): string {
  const params = new URLSearchParams();
  if (page !== undefined && upto !== undefined) {
    params.set("page", String(page));
    params.set("upto", String(upto));
  }
  if (flagPage > 1) params.set("flags", String(flagPage));
  const query = params.toString();
  return `/admin${query ? `?${query}` : ""}${hash}`;
}

const SignInSchema = z.object({
  password: z.string().min(1, "Enter the admin password.").max(200, "That is too long to be the password."),
});

type SignInResult = { fieldErrors?: { password?: string[] }; alert?: { title: string; description: string } };

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  const address = clientAddress(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "sign-out") {
    const wasAdmin = await isAdmin(request, { db });
    const headers = { "Set-Cookie": await endSession(request, "admin", { db }) };
    if (wasAdmin) {
      await recordAdminAction(db, { action: "sign_out", clientAddress: address });
      return redirectWithToast("/admin", { title: "Signed out", description: "Your admin session has ended." }, { headers });
    }
    return redirect("/admin", { headers });
  }

  const parsed = checkFields(SignInSchema, { password: form.get("password") ?? "" });
  if (!parsed.ok) {
    return data<SignInResult>({ fieldErrors: parsed.fieldErrors }, { status: 400 });
  }
  try {
    const outcome = await attemptAdminSignIn(db, { password: parsed.data.password, address });
    switch (outcome.status) {
      case "granted": {
        return redirectWithToast(
          "/admin",
          { title: "Access granted", description: "You now have immortal Jimmy privileges for one month.", variant: "success" },
          { headers: { "Set-Cookie": await startSession(request, "admin", null, { db }) } },
        );
      }
      case "denied":
        return data<SignInResult>(
          {
            alert: {
              title: "Access denied",
              description:
                outcome.attemptsLeft > 0
                  ? `Invalid password. ${outcome.attemptsLeft} ${outcome.attemptsLeft === 1 ? "attempt" : "attempts"} left before sign-in is paused for 15 minutes.`
                  : "Invalid password. Sign-in from your address is now paused for 15 minutes.",
            },
          },
          { status: 401 },
        );
      case "locked": {
        const minutes = Math.max(1, Math.ceil((Date.parse(outcome.retryAt) - Date.now()) / 60_000));
        return data<SignInResult>(
          {
            alert: {
              title: "Too many attempts",
              description: `Too many wrong passwords were tried from your address. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`,
            },
          },
          { status: 429, headers: { "Retry-After": String(minutes * 60) } },
        );
      }
      case "not_configured":
        return data<SignInResult>(
          { alert: { title: "Error", description: "Admin sign-in is not configured on this server." } },
          { status: 503 },
        );
    }
  } catch (error) {
    console.error("Admin sign-in failed", error);
    return data<SignInResult>({ alert: { title: "Error", description: "Failed to authenticate" } }, { status: 500 });
  }
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
  return <AdminPanel data={loaderData} />;
}

function PasswordGate() {
  const result = useActionAnswer<typeof action>() as SignInResult | undefined;
  const navigation = useNavigation();
  const passwordError = result?.fieldErrors?.password?.[0];
  return (
    <section className="mx-auto max-w-sm px-4 py-16">
      <div className="rounded-3xl border border-orange-100 bg-white p-6 shadow-sm">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <CrownIcon className="h-6 w-6" />
        </span>
        <h1 className="mt-4 text-center text-2xl font-extrabold tracking-tight">Admin Access</h1>
        <p className="mt-1 text-center text-sm text-stone-600">Staff only. Enter the admin password to moderate the hunt.</p>
        {result?.alert ? (
          <div role="alert" className="mt-5 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-semibold">{result.alert.title}</p>
            <p>{result.alert.description}</p>
          </div>
        ) : null}
        <Form method="post" className="mt-5" noValidate>
          <input type="hidden" name="intent" value="sign-in" />
          <Field
            id="admin-password"
            label="Admin password"
            name="password"
            type="password"
            required
            autoComplete="current-password"
            error={passwordError}
          />
          <Button disabled={navigation.state === "submitting"} size="none" className="mt-4 h-11 w-full">
            {navigation.state === "submitting" ? "Checking…" : "Sign in"}
          </Button>
        </Form>
      </div>
    </section>
  );
}

type PanelData = Extract<Awaited<ReturnType<typeof loader>>, { state: "panel" }>;

const actionLabels: Record<string, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Wrong password",
  sign_in_locked: "Sign-in refused (too many attempts)",
  sign_out: "Signed out",
  delete_discovery: "Deleted discovery",
  replace_image: "Replaced image of discovery",
  delete_comment: "Deleted comment",
  mint_jimmys: "Minted Jimmys",
  hunter_delete_discovery: "Hunter deleted their discovery",
  accept_flags: "Accepted flags on",
  dismiss_flags: "Dismissed flags on",
  confirm_missing: "Marked possibly missing: Jimmy",
  clear_missing: "Cleared missing reports on Jimmy",
  export_account: "Prepared the data archive of hunter",
  download_export: "Downloaded the data archive of hunter",
};

function AdminPanel({ data: panel }: { data: PanelData }) {
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

      <h2 className="mt-8 text-xl font-bold">Discoveries</h2>
      {panel.discoveries.length === 0 ? (
        <p className="mt-3 text-stone-600">No discoveries yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white" aria-label="Discoveries">
          {panel.discoveries.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-4 p-3" data-testid="admin-discovery" data-discovery-id={d.id}>
              <img
                src={d.photo.src}
                alt={`Discovery of Jimmy #${d.serialNumber}`}
                width={96}
                height={72}
                className="h-18 w-24 rounded-lg bg-stone-200 object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  <Link to={`/jimmy/${d.serialNumber}`} className="hover:underline">
                    Jimmy #{d.serialNumber}
                  </Link>
                  {d.isFirst ? (
                    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800">First discovery</span>
                  ) : null}
                </p>
                <p className="text-sm text-stone-700">
                  by {d.hunterName} · {d.when}
                  {d.place ? ` · ${d.place}` : ""}
                </p>
                <p className="truncate text-sm text-stone-600">{d.caption}</p>
              </div>
              <div className="flex gap-2">
                <Link
                  to={`/admin/discoveries/${d.id}/image`}
                  className="rounded-full border border-stone-300 px-3 py-1.5 text-sm font-semibold hover:bg-stone-50"
                  aria-label={`Replace image of discovery ${d.id} (Jimmy #${d.serialNumber})`}
                >
                  Replace image
                </Link>
                <Link
                  to={`/admin/discoveries/${d.id}/delete${panel.page > 1 ? `?page=${panel.page}` : ""}`}
                  className="rounded-full border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                  aria-label={`Delete discovery ${d.id} (Jimmy #${d.serialNumber})`}
                >
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {panel.pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
          {panel.page > 1 ? (
            <Link
              to={panelHref({ page: panel.page - 1, upto: panel.upto, flagPage: panel.flags.page })}
              className="font-semibold text-orange-800 hover:underline"
              rel="prev"
            >
              ← Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone-600">
            Page {panel.page} of {panel.pages}
          </span>
          {panel.page < panel.pages ? (
            <Link
              to={panelHref({ page: panel.page + 1, upto: panel.upto, flagPage: panel.flags.page })}
              className="font-semibold text-orange-800 hover:underline"
              rel="next"
            >
              Older →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}

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

      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <div>
          <h2 className="text-xl font-bold">Recent comments</h2>
          {panel.comments.length === 0 ? (
            <p className="mt-3 text-stone-600">No comments yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white" aria-label="Recent comments">
              {panel.comments.map((c) => (
                <CommentRow key={c.id} comment={c} />
              ))}
            </ul>
          )}
        </div>
        <div>
          <h2 className="text-xl font-bold">Recent admin activity</h2>
          <ul
            className="mt-3 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white text-sm"
            aria-label="Recent admin activity"
          >
            {panel.log.map((entry) => (
              <li key={entry.id} className="p-3" data-testid="audit-entry">
                <p className="font-semibold">
                  {actionLabels[entry.action] ?? entry.action}
                  {entry.targetId
                    ? ` ${entry.action.endsWith("_flags") ? `${entry.targetType} ` : ""}${entry.targetType === "discovery" || entry.targetType === "comment" ? "#" : ""}${entry.targetId}`
                    : ""}
                </p>
                <p className="text-stone-600">
                  {entry.when} · from {entry.clientAddress ?? "unknown"}
                  {entry.detail ? ` · ${entry.detail}` : ""}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function CommentRow({ comment }: { comment: PanelData["comments"][number] }) {
  return (
    <li className="flex items-start gap-3 p-3" data-testid="admin-comment">
      <div className="min-w-0 flex-1">
        <p className="text-sm text-stone-600">
          <Link to={`/jimmy/${comment.serialNumber}#comments`} className="font-semibold text-stone-800 hover:underline">
            Jimmy #{comment.serialNumber}
          </Link>{" "}
          · {comment.authorName ?? "Anonymous Hunter"} · {comment.postedOn}
        </p>
        <p className="wrap-anywhere">{comment.content}</p>
      </div>
      {/* Asks first, on a page of its own, as deleting a discovery does. */}
      <Link
        to={`/admin/comments/${comment.id}/delete`}
        className="shrink-0 rounded-full border border-red-300 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50"
        aria-label={`Delete comment ${comment.id} on Jimmy #${comment.serialNumber}`}
      >
        Delete
      </Link>
    </li>
  );
}

/**
 * Flagged discoveries and comments, one entry each however often flagged,
 * most pressing first (FLAG_WEIGHTS), a page at a time through every open
 * one: accept deletes it, dismiss keeps it.
 */
function FlagQueue({ queue, pageHref }: { queue: PanelData["flags"]; pageHref: (flagPage: number) => string }) {
  const { groups } = queue;
  return (
    <section id="flags" aria-labelledby="flags-heading" className="mt-8 scroll-mt-24">
      <h2 id="flags-heading" className="text-xl font-bold">
        Flagged by visitors <span className="text-base font-semibold text-stone-500">({queue.total})</span>
      </h2>
      {groups.length === 0 ? (
        <p className="mt-3 text-stone-600">Nothing is flagged.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 rounded-2xl border border-amber-200 bg-white" aria-label="Flagged content">
          {groups.map((group) => {
            const what = group.target.kind === "discovery" ? "discovery" : "comment";
            const label = `${what} ${group.target.id} on Jimmy #${group.serialNumber}`;
            return (
              <li key={`${group.target.kind}-${group.target.id}`} className="flex flex-wrap items-start gap-4 p-3" data-testid="flag-group">
                {"photoSrc" in group.content ? (
                  <img
                    src={group.content.photoSrc}
                    alt={`Flagged discovery of Jimmy #${group.serialNumber}`}
                    width={96}
                    height={72}
                    className="h-18 w-24 rounded-lg bg-stone-200 object-cover"
                  />
                ) : null}
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">
                    <Link to={`/jimmy/${group.serialNumber}#${group.target.kind}-${group.target.id}`} className="hover:underline">
                      {what === "discovery" ? "Discovery" : "Comment"} on Jimmy #{group.serialNumber}
                    </Link>{" "}
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                      {group.count === 1 ? "1 flag" : `${group.count} flags`}
                    </span>
                  </p>
                  <p className="text-sm text-stone-700">
                    {group.reasons.map((r) => `${flagReasonLabel(r.reason)}${r.count > 1 ? ` ×${r.count}` : ""}`).join(" · ")} · last{" "}
                    {group.lastFlaggedOn} · by {flaggers(group)}
                  </p>
                  <p className="wrap-anywhere text-sm text-stone-600">
                    {group.content.author}: {"text" in group.content ? group.content.text : group.content.caption}
                  </p>
                  {group.notes.length > 0 ? (
                    <ul className="mt-1 list-disc pl-5 text-sm text-stone-700">
                      {group.notes.map((note, i) => (
                        <li key={i} className="wrap-anywhere">
                          “{note}”
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
                <div className="flex gap-2">
                  <Form method="post" action={`/admin/flags/${group.target.kind}/${group.target.id}`}>
                    <input type="hidden" name="intent" value="accept" />
                    <input type="hidden" name="flags" value={queue.page} />
                    <button
                      type="submit"
                      className="rounded-full border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                      aria-label={`Accept flags and delete ${label}`}
                    >
                      Accept (delete)
                    </button>
                  </Form>
                  <Form method="post" action={`/admin/flags/${group.target.kind}/${group.target.id}`}>
                    <input type="hidden" name="intent" value="dismiss" />
                    <input type="hidden" name="flags" value={queue.page} />
                    <button
                      type="submit"
                      className="rounded-full border border-stone-300 px-3 py-1.5 text-sm font-semibold hover:bg-stone-50"
                      aria-label={`Dismiss flags on ${label}`}
                    >
                      Dismiss
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {queue.pages > 1 ? (
        <nav aria-label="Flag queue pages" className="mt-4 flex items-center justify-between text-sm">
          {queue.page > 1 ? (
            <Link to={pageHref(queue.page - 1)} className="font-semibold text-orange-800 hover:underline" rel="prev">
              ← More pressing flags
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone-600">
            Flags page {queue.page} of {queue.pages}
          </span>
          {queue.page < queue.pages ? (
            <Link to={pageHref(queue.page + 1)} className="font-semibold text-orange-800 hover:underline" rel="next">
              Less pressing flags →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

/** "2 hunters and 3 visitors": who flagged it, since a hunter's flag weighs more than a visitor's. */
function flaggers({ hunters, guests }: { hunters: number; guests: number }): string {
  const people = [hunters > 0 ? plural(hunters, "hunter", "hunters") : null, guests > 0 ? plural(guests, "visitor", "visitors") : null];
  return people.filter(Boolean).join(" and ");
}

/**
 * Jimmys hunters say are gone from their last place, and those marked
 * possibly missing: the admin confirms (possibly missing now, whatever the
 * reports) or clears (reports gone, discovered again).
 */
function MissingQueue({ entries }: { entries: PanelData["missing"] }) {
  return (
    <section id="missing" aria-labelledby="missing-heading" className="mt-8 scroll-mt-24">
      <h2 id="missing-heading" className="text-xl font-bold">
        Reported missing <span className="text-base font-semibold text-stone-500">({entries.length})</span>
      </h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-stone-600">No Jimmy is reported missing.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 rounded-2xl border border-amber-200 bg-white" aria-label="Jimmys reported missing">
          {entries.map((entry) => (
            <li key={entry.serialNumber} className="flex flex-wrap items-start gap-4 p-3" data-testid="missing-entry">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  <Link to={`/jimmy/${entry.serialNumber}`} className="hover:underline">
                    Jimmy #{entry.serialNumber}
                  </Link>{" "}
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                    {entry.status === "missing" ? "Possibly missing" : "Still shown as discovered"}
                  </span>
                </p>
                <p className="text-sm text-stone-700">
                  {entry.reports === 0
                    ? "Marked by an admin, no hunter's report"
                    : entry.reports === 1
                      ? "1 report"
                      : `${entry.reports} reports`}
                  {entry.lastReportedOn ? `, last ${entry.lastReportedOn}` : ""} · last seen {entry.location ?? "somewhere unrecorded"}
                  {entry.seenOn ? ` on ${entry.seenOn}` : ""}
                </p>
                {entry.notes.length > 0 ? (
                  <ul className="mt-1 list-disc pl-5 text-sm text-stone-700">
                    {entry.notes.map((note, i) => (
                      <li key={i} className="wrap-anywhere">
                        “{note}”
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
              <div className="flex gap-2">
                {entry.status !== "missing" ? (
                  <Form method="post" action={`/admin/missing/${entry.serialNumber}`}>
                    <input type="hidden" name="intent" value="confirm" />
                    <button
                      type="submit"
                      className="rounded-full border border-amber-400 px-3 py-1.5 text-sm font-semibold text-amber-900 hover:bg-amber-50"
                      aria-label={`Mark Jimmy #${entry.serialNumber} possibly missing`}
                    >
                      Mark possibly missing
                    </button>
                  </Form>
                ) : null}
                <Form method="post" action={`/admin/missing/${entry.serialNumber}`}>
                  <input type="hidden" name="intent" value="clear" />
                  <button
                    type="submit"
                    className="rounded-full border border-stone-300 px-3 py-1.5 text-sm font-semibold hover:bg-stone-50"
                    aria-label={`Clear the missing reports on Jimmy #${entry.serialNumber}`}
                  >
                    Clear
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A request lost on the way keeps the page as it was (see ~/lib/transport). */
export const clientAction = keepPageOnTransportFailure;
export const shouldRevalidate = keepDataAfterTransportFailure;
