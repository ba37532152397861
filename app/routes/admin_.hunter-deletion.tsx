import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { fullName, plural } from "~/lib/format";
import { MAX_ROW_ID } from "~/lib/ids";
import { keepDataAfterTransportFailure, keepPageOnTransportFailure } from "~/lib/transport";
import { getDb } from "~/infra/db.server";
import { getStorage } from "~/infra/storage.server";
import { deleteAccount } from "~/services/account-deletion.server";
import { ADMIN_HEADERS, requireAdminPage } from "~/web/admin.server";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { redirectWithToast } from "~/web/flash.server";
import { readForm } from "~/web/form.server";
import { requireAdmin } from "~/web/session.server";
import { Button, secondaryLinkClass } from "~/root";

export const meta: MetaFunction = () => [{ title: "Delete a hunter's account · Admin" }, { name: "robots", content: "noindex" }];
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
 * A deletion request that came by email (the privacy policy's address): the
 * panel's "Privacy requests" form lands here with the hunter, this page says
 * exactly what will go, and its form deletes it all as the hunter's own
 * button would, logged as the admin's.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireAdminPage(request, db);
  const id = hunterIdFrom(new URL(request.url).searchParams.get("hunter"));
  const user =
    id === null
      ? undefined
      : await db.selectFrom("users").select(["id", "first_name", "last_name", "email", "provider"]).where("id", "=", id).executeTakeFirst();
  if (!user) throw await redirectWithToast("/admin#privacy", UNKNOWN);
  const count = async (table: "discoveries" | "comments" | "likes") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("user_id", "=", user.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [discoveries, comments, likes] = await Promise.all([count("discoveries"), count("comments"), count("likes")]);
  return {
    hunter: { id: user.id, name: fullName(user.first_name, user.last_name), email: user.email, provider: user.provider },
    discoveries,
    comments,
    likes,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  await requireAdmin(request, { db });
  const form = await readForm(request);
  const id = hunterIdFrom(String(form.get("hunter") ?? ""));
  const deleted =
    id === null ? null : await deleteAccount(db, getStorage(), id, { clientAddress: clientAddress(request, context), byAdmin: true });
  if (!deleted) return redirectWithToast("/admin#privacy", UNKNOWN);
  return redirectWithToast("/admin#privacy", {
    title: "Account deleted",
    description: `Hunter ${id}'s account is deleted: ${plural(deleted.discoveries, "discovery", "discoveries")}, ${plural(deleted.comments, "comment", "comments")} and ${plural(deleted.likes, "like", "likes")} with it.`,
    variant: "success",
  });
}

/** A request lost on the way keeps the page as it was (see ~/lib/transport). */
export const clientAction = keepPageOnTransportFailure;
export const shouldRevalidate = keepDataAfterTransportFailure;

export default function AdminDeleteHunter() {
  const { hunter, discoveries, comments, likes } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-3xl border border-red-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-extrabold tracking-tight">Delete {hunter.name}&apos;s account?</h1>
        <p className="mt-2 text-sm text-stone-600">
          Hunter {hunter.id} · signed in with {hunter.provider}
          {hunter.email ? ` · ${hunter.email}` : ""} ·{" "}
          <Link to={`/hunters/${hunter.id}`} className="font-semibold text-orange-800 underline">
            profile
          </Link>
        </p>
        <p className="mt-4 text-stone-800" data-testid="admin-deletion-counts">
          Their {plural(discoveries, "discovery", "discoveries")} (with every stored copy of their photos),{" "}
          {plural(comments, "comment", "comments")}, {plural(likes, "like", "likes")}, flags, sessions, sign-in identity, notifications and
          watches are deleted at once, and the Jimmys&apos; figures and the Hall of Fame recounted. Check the request came from this
          hunter&apos;s address first.
        </p>
        <p className="mt-3 font-semibold text-red-800">This cannot be undone, and is written to the audit log.</p>
        <Form method="post" className="mt-5 flex flex-wrap gap-3">
          <input type="hidden" name="hunter" value={hunter.id} />
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
