import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { ContentError, ContentPage } from "~/components/OwnContent";
import { Field } from "~/components/forms";
import { COMMENT_EDIT_WINDOW_MS } from "~/lib/comments";
import { formHints } from "~/lib/form-hints";
import { jimmyPath } from "~/lib/discoveries";
import { IDEMPOTENCY_KEY_FIELD } from "~/lib/idempotency";
import { CommentEditSchema } from "~/lib/own-content-schema";
import { editComment } from "~/models/comments.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { parseForm } from "~/web/form-action.server";
import { readForm } from "~/web/form.server";
import { refuseEditAfterWindow, requireOwnComment, withinEditWindow } from "~/web/own-content.server";
import { useActionAnswer } from "~/lib/action-answer";
import { FormAlert, SendOrCancel } from "~/components/ui/FormParts";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = () => [{ title: "Edit your comment" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const comment = await requireOwnComment(request, db, params.id);
  if (!withinEditWindow(comment)) throw refuseEditAfterWindow();
  return {
    comment: { id: comment.id, serialNumber: comment.serialNumber, content: comment.content },
    editableUntil: new Date(Date.parse(comment.createdAt) + COMMENT_EDIT_WINDOW_MS).toISOString(),
    idempotencyKey: crypto.randomUUID(),
    hints: formHints(CommentEditSchema),
  };
}

/**
 * Saves a signed-in hunter's new text for their own comment, within
 * COMMENT_EDIT_WINDOW_MS of posting it; the comment then shows as edited.
 * Someone else's, or an anonymous one: 403, nothing changed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  const comment = await requireOwnComment(request, db, params.id);
  if (!withinEditWindow(comment)) throw refuseEditAfterWindow();
  const form = await readForm(request);
  const values = { content: String(form.get("content") ?? "") };
  const parsed = parseForm(form, CommentEditSchema, values, { idempotencyKey: true });
  if (!parsed.ok) return parsed.answer;
  if (!(await editComment(db, comment.id, parsed.data.content)))
    throw new Response("That comment doesn't exist any more.", { status: 404 });
  return redirectWithToast(`${jimmyPath(comment.serialNumber)}#comment-${comment.id}`, {
    title: "Comment updated",
    description: "Your comment now shows as edited.",
    variant: "success",
  });
}

export default function EditComment() {
  const { comment, editableUntil, idempotencyKey, hints } = useLoaderData<typeof loader>();
  const result = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const contentError = result?.fieldErrors.content?.[0];
  const back = `${jimmyPath(comment.serialNumber)}#comment-${comment.id}`;
  return (
    <ContentPage back={back} backLabel={`Jimmy #${comment.serialNumber}`} title="Edit your comment">
      <p className="mt-2 text-sm text-stone-600">
        Comments can be edited for {COMMENT_EDIT_WINDOW_MS / 60_000} minutes after posting (this one until{" "}
        <time dateTime={editableUntil}>{new Date(editableUntil).toISOString().slice(11, 16)} UTC</time>) and show as edited.
      </p>
      <FormAlert message={result?.formError} />
      <Form method="post" className="mt-5 space-y-4" noValidate>
        <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} />
        <Field
          as="textarea"
          id="edit-comment"
          label="Comment"
          name="content"
          rows={4}
          hints={hints.content}
          defaultValue={result?.values.content ?? comment.content}
          error={contentError}
        />
        <SendOrCancel label="Save comment" disabled={navigation.state !== "idle"} back={back} />
      </Form>
    </ContentPage>
  );
}

export const ErrorBoundary = ContentError;
