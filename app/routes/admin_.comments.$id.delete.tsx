import { requestLanguage } from "~/web/language.server";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ConfirmOrCancel } from "~/components/ui/FormParts";
import { z } from "zod";
import { readerDate, requestPreferences } from "~/web/reader-terms.server";
import { findCommentWithOwner } from "~/models/comments.server";
import { ADMIN_HEADERS, requireAdminPage } from "~/web/admin.server";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { moderateDeleteComment } from "~/services/moderation.server";
import { requireAdmin } from "~/web/session.server";
import { checkFields } from "~/web/form-action.server";
import { MAX_ROW_ID } from "~/lib/ids";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = () => [{ title: "Delete comment · Admin" }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = () => ADMIN_HEADERS;

const IdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

const GONE = { title: "Failed to delete comment", description: "That comment no longer exists.", variant: "destructive" } as const;

/** Deleting asks first, as deleting a discovery does: this page is the question, its form the answer. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireAdminPage(request, db);
  const id = checkFields(IdSchema, params.id);
  const comment = id.ok ? await findCommentWithOwner(db, id.data) : null;
  if (!comment) throw await redirectWithToast("/admin", GONE);
  return {
    comment: {
      id: comment.id,
      content: comment.content,
      authorName: comment.authorName,
      postedOn: readerDate(comment.createdAt, requestPreferences(request), requestLanguage(request)),
      serialNumber: comment.serialNumber,
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  await requireAdmin(request, { db });
  const id = checkFields(IdSchema, params.id);
  const deleted = id.ok ? await moderateDeleteComment(db, { id: id.data, clientAddress: clientAddress(request, context) }) : null;
  if (!deleted) return redirectWithToast("/admin", GONE);
  return redirectWithToast("/admin", {
    title: "Comment deleted",
    description: `The comment on Jimmy #${deleted.serialNumber} was removed.`,
    variant: "success",
  });
}

export default function DeleteComment() {
  const { comment } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-3xl border border-red-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-extrabold tracking-tight">Delete comment?</h1>
        <p className="mt-4 text-sm text-stone-600">
          On Jimmy #{comment.serialNumber} by {comment.authorName ?? "Anonymous Hunter"}, {comment.postedOn}
        </p>
        <blockquote className="mt-2 whitespace-pre-line break-words rounded-xl bg-stone-50 p-3 text-stone-800">
          {comment.content}
        </blockquote>
        <p className="mt-4 font-semibold text-red-800">Are you sure you want to delete this comment? This action cannot be undone.</p>
        <Form method="post" className="mt-5 flex gap-3">
          <ConfirmOrCancel tone="danger" back="/admin">
            Delete comment
          </ConfirmOrCancel>
        </Form>
      </div>
    </section>
  );
}
