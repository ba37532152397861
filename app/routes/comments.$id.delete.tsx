import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentError, ContentPage, DeleteOrKeep } from "~/components/OwnContent";
import { metaT, useT } from "~/components/i18n";
import { jimmyPath } from "~/lib/discoveries";
import { IDEMPOTENCY_KEY_FIELD, IDEMPOTENCY_KEY_INVALID_TEXT, parseIdempotencyKey } from "~/lib/idempotency";
import { deleteComment } from "~/models/comments.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { readForm } from "~/web/form.server";
import { requireOwnComment } from "~/web/own-content.server";
import { requestT } from "~/web/language.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("Delete your comment") }, { name: "robots", content: "noindex" }];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const comment = await requireOwnComment(request, db, params.id);
  return { comment: { id: comment.id, serialNumber: comment.serialNumber, content: comment.content }, idempotencyKey: crypto.randomUUID() };
}

/** Deletes a signed-in hunter's own comment, any time. Someone else's, or an anonymous one: 403, nothing changed. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const t = requestT(request);
  const db = getDb();
  const comment = await requireOwnComment(request, db, params.id);
  const form = await readForm(request);
  const back = jimmyPath(comment.serialNumber);
  if (parseIdempotencyKey(form.get(IDEMPOTENCY_KEY_FIELD)) === "invalid") {
    return redirectWithToast(`${back}#comment-${comment.id}`, {
      title: t("Failed to delete comment"),
      description: t(IDEMPOTENCY_KEY_INVALID_TEXT),
      variant: "destructive",
    });
  }
  const deleted = await deleteComment(db, comment.id);
  const flash = deleted
    ? {
        title: t("Comment deleted"),
        description: t("Your comment on Jimmy #{serial} was removed.", { serial: String(comment.serialNumber) }),
        variant: "success" as const,
      }
    : { title: t("Already deleted"), description: t("That comment was already removed.") };
  return redirectWithToast(`${back}#comments`, flash);
}

export default function DeleteOwnComment() {
  const t = useT();
  const { comment, idempotencyKey } = useLoaderData<typeof loader>();
  const back = `${jimmyPath(comment.serialNumber)}#comment-${comment.id}`;
  const serial = String(comment.serialNumber);
  return (
    <ContentPage back={back} backLabel={t("Jimmy #{serial}", { serial })} title={t("Delete your comment?")}>
      <blockquote className="mt-4 whitespace-pre-line break-words rounded-2xl bg-stone-100 px-4 py-3 text-stone-800">
        {comment.content}
      </blockquote>
      <p className="mt-4 text-stone-700">
        {t("It disappears from Jimmy #{serial}'s page for everyone. This cannot be undone.", { serial })}
      </p>
      <DeleteOrKeep label={t("Delete comment")} back={back} idempotencyKey={idempotencyKey} />
    </ContentPage>
  );
}

export const ErrorBoundary = ContentError;
