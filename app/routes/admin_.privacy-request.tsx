import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { fullName, plural } from "~/lib/format";
import { MAX_ROW_ID } from "~/lib/ids";
import { getDb } from "~/infra/db.server";
import { getStorage } from "~/infra/storage.server";
import { recordAdminAction } from "~/models/audit-log.server";
import { listDataExports } from "~/models/data-exports.server";
import { contributionCounts, hunterForRequest } from "~/models/users.server";
import { deleteAccount } from "~/services/account-deletion.server";
import { requestDataExport } from "~/services/data-export.server";
import { ADMIN_HEADERS, requireAdminPage } from "~/web/admin.server";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { redirectWithToast } from "~/web/flash.server";
import { readForm } from "~/web/form.server";
import { requireAdmin } from "~/web/session.server";
import { Button, secondaryLinkClass } from "~/components/ui/Button";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = () => [{ title: "Privacy request · Admin" }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = () => ADMIN_HEADERS;

/** The hunter a request names: their number, or their profile's address ("/hunters/12", "https://…/hunters/12"). */
function hunterIdFrom(text: string | null): number | null {
  const match = /^(?:.*\/hunters\/)?(\d{1,10})\/?$/.exec((text ?? "").trim());
  const id = match ? Number(match[1]) : NaN;
  return id >= 1 && id <= MAX_ROW_ID ? id : null;
}

const UNKNOWN = {
  title: "No such hunter",
  description: "Give the hunter's number or their profile's address (/hunters/12), as in their request.",
  variant: "destructive",
} as const;

/**
 * A request that came by email (the privacy policy's address): the panel's
 * "Privacy requests" form lands here with the hunter. This page prepares an
 * archive of their data for the admin to send (the same archive as the
 * hunter's own button, downloadable by admins), or says exactly what will go
 * and deletes it all as the hunter's own button would. Both are logged as the admin's.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireAdminPage(request, db);
  const id = hunterIdFrom(new URL(request.url).searchParams.get("hunter"));
  const user = id === null ? undefined : await hunterForRequest(db, id);
  if (!user) throw await redirectWithToast("/admin#privacy", UNKNOWN);
  const [counts, exports] = await Promise.all([contributionCounts(db, user.id), listDataExports(db, user.id)]);
  return {
    exports: exports.map((e) => ({ id: e.id, status: e.status, createdAt: e.createdAt })),
    hunter: { id: user.id, name: fullName(user.first_name, user.last_name), email: user.email, provider: user.provider },
    ...counts,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  await requireAdmin(request, { db });
  const form = await readForm(request);
  const id = hunterIdFrom(String(form.get("hunter") ?? ""));
  if (form.get("intent") === "export") {
    const user = id === null ? undefined : await hunterForRequest(db, id);
    if (!user) return redirectWithToast("/admin#privacy", UNKNOWN);
    const { created } = await requestDataExport(db, { userId: user.id, requestedBy: "admin" });
    await recordAdminAction(db, {
      action: "export_account",
      targetType: "user",
      targetId: user.id,
      clientAddress: clientAddress(request, context),
    });
    return redirectWithToast(`/admin/privacy-request?hunter=${user.id}`, {
      title: created ? "Preparing their data" : "Already preparing their data",
      description: "The archive appears on this page in a minute or two (reload it). Send it to the address the request came from.",
      variant: "success",
    });
  }
  const deleted =
    id === null ? null : await deleteAccount(db, getStorage(), id, { clientAddress: clientAddress(request, context), byAdmin: true });
  if (!deleted) return redirectWithToast("/admin#privacy", UNKNOWN);
  return redirectWithToast("/admin#privacy", {
    title: "Account deleted",
    description: `Hunter ${id}'s account is deleted: ${plural(deleted.discoveries, "discovery", "discoveries")}, ${plural(deleted.comments, "comment", "comments")} and ${plural(deleted.likes, "like", "likes")} with it.`,
    variant: "success",
  });
}

export default function AdminPrivacyRequest() {
  const { hunter, discoveries, comments, likes, exports } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-3xl border border-red-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-extrabold tracking-tight">Privacy request: {hunter.name}</h1>
        <p className="mt-2 text-sm text-stone-600">
          Hunter {hunter.id} · signed in with {hunter.provider}
          {hunter.email ? ` · ${hunter.email}` : ""} ·{" "}
          <Link to={`/hunters/${hunter.id}`} className="font-semibold text-orange-800 underline">
            profile
          </Link>
        </p>
        <h2 className="mt-6 text-lg font-bold">Their data</h2>
        {exports.length > 0 ? (
          <ul className="mt-2 space-y-1 text-sm" aria-label="Archives of their data">
            {exports.map((archive) => (
              <li key={archive.id} data-testid="admin-data-export">
                {archive.status === "ready" ? (
                  <a href={`/account/exports/${archive.id}`} className="font-semibold text-orange-800 underline" download>
                    Download the archive of {archive.createdAt.slice(0, 10)}
                  </a>
                ) : (
                  `Archive of ${archive.createdAt.slice(0, 10)}: ${archive.status === "pending" ? "being prepared" : archive.status}`
                )}
              </li>
            ))}
          </ul>
        ) : null}
        <Form method="post" className="mt-2">
          <input type="hidden" name="hunter" value={hunter.id} />
          <input type="hidden" name="intent" value="export" />
          <Button look="secondary" disabled={busy}>
            Prepare an archive of their data
          </Button>
        </Form>

        <h2 className="mt-6 text-lg font-bold">Delete their account</h2>
        <p className="mt-2 text-stone-800" data-testid="admin-deletion-counts">
          Their {plural(discoveries, "discovery", "discoveries")} (with every stored copy of their photos),{" "}
          {plural(comments, "comment", "comments")}, {plural(likes, "like", "likes")}, flags, sessions, sign-in identity, notifications and
          watches are deleted at once, and the Jimmys&apos; figures and the Hall of Fame recounted. Check the request came from this
          hunter&apos;s address first.
        </p>
        <p className="mt-3 font-semibold text-red-800">This cannot be undone, and is written to the audit log.</p>
        <Form method="post" className="mt-5 flex flex-wrap gap-3">
          <input type="hidden" name="hunter" value={hunter.id} />
          <input type="hidden" name="intent" value="delete" />
          <Button look="danger" disabled={busy}>
            Delete the account
          </Button>
          <Link to="/admin#privacy" className={secondaryLinkClass}>
            Cancel
          </Link>
        </Form>
      </div>
    </section>
  );
}
