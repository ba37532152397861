import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { ContentError, ContentPage } from "~/components/OwnContent";
import { metaT, usePageLanguage, useT } from "~/components/i18n";
import { intlLocale } from "~/lib/dates";
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
import { requestT } from "~/web/language.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("Edit your comment") }, { name: "robots", content: "noindex" }];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const comment = await requireOwnComment(request, db, params.id);
  if (!withinEditWindow(comment)) throw refuseEditAfterWindow(request);
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
  const t = requestT(request);
  const db = getDb();
  const comment = await requireOwnComment(request, db, params.id);
  if (!withinEditWindow(comment)) throw refuseEditAfterWindow(request);
  const form = await readForm(request);
  const values = { content: String(form.get("content") ?? "") };
  const parsed = parseForm(form, CommentEditSchema, values, { idempotencyKey: true });
  if (!parsed.ok) return parsed.answer;
  if (!(await editComment(db, comment.id, parsed.data.content)))
    throw new Response(t("That comment doesn't exist any more."), { status: 404 });
  return redirectWithToast(`${jimmyPath(comment.serialNumber)}#comment-${comment.id}`, {
    title: t("Comment updated"),
    description: t("Your comment now shows as edited."),
    variant: "success",
  });
}

export default function EditComment() {
  const t = useT();
  const language = usePageLanguage();
  const { comment, editableUntil, idempotencyKey, hints } = useLoaderData<typeof loader>();
  const result = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const contentError = result?.fieldErrors.content?.[0];
  const back = `${jimmyPath(comment.serialNumber)}#comment-${comment.id}`;
  return (
    <ContentPage back={back} backLabel={t("Jimmy #{serial}", { serial: String(comment.serialNumber) })} title={t("Edit your comment")}>
      <p className="mt-2 text-sm text-stone-600">
        {t(
          "Comments can be edited for {minutes, plural, one {# minute} other {# minutes}} after posting (this one until {time}) and show as edited.",
          {
            minutes: COMMENT_EDIT_WINDOW_MS / 60_000,
            time: <time dateTime={editableUntil}>{t("{time} UTC", { time: utcTime(editableUntil, language) })}</time>,
          },
        )}
      </p>
      <FormAlert message={result?.formError} />
      <Form method="post" className="mt-5 space-y-4" noValidate>
        <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} />
        <Field
          as="textarea"
          id="edit-comment"
          label={t("Comment")}
          name="content"
          rows={4}
          hints={hints.content}
          defaultValue={result?.values.content ?? comment.content}
          error={contentError}
        />
        <SendOrCancel label={t("Save comment")} disabled={navigation.state !== "idle"} back={back} />
      </Form>
    </ContentPage>
  );
}

// One formatter per language, kept: building one costs about 0.2 ms, using it a microsecond.
const utcClocks = new Map<string, Intl.DateTimeFormat>();

/** "14:05" in UTC, on the 24-hour clock, as `language` writes it. */
function utcTime(at: string, language: Parameters<typeof intlLocale>[0]): string {
  let format = utcClocks.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), { timeZone: "UTC", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    utcClocks.set(language, format);
  }
  return format.format(new Date(at));
}

export const ErrorBoundary = ContentError;
