import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { ContentError, ContentPage } from "~/components/OwnContent";
import { metaT, useT } from "~/components/i18n";
import { Field } from "~/components/forms";
import { describedBy, FieldError, labelClass } from "~/components/ui/field-parts";
import { formHints } from "~/lib/form-hints";
import { ANONYMOUS_NAME, HONEYPOT_FIELD } from "~/lib/comments";
import { jimmyPath } from "~/lib/discoveries";
import { FlagFormSchema, FlagTargetKindSchema } from "~/lib/flag-schema";
import { FLAG_REASONS } from "~/lib/flags";
import { IDEMPOTENCY_KEY_FIELD, IDEMPOTENCY_KEY_REUSED_FORM_TEXT } from "~/lib/idempotency";
import { hashRequest } from "~/web/request-hash.server";
import { MAX_ROW_ID } from "~/lib/ids";
import { findCommentWithOwner } from "~/models/comments.server";
import { findDiscoveryForAdmin } from "~/models/discoveries.server";
import { addFlag } from "~/models/flags.server";
import { IdempotencyKeyReusedError } from "~/models/idempotency.server";
import { clientAddress } from "~/web/client-address.server";
import { checkCommentForm, FORM_TOKEN_FIELD, issueUniqueFormToken } from "~/services/comment-guard.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb, type DB } from "~/infra/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { checkFields, parseForm } from "~/web/form-action.server";
import { readForm } from "~/web/form.server";
import { consumeHunterLimit, consumeRateLimit, rateLimitedText } from "~/services/rate-limit.server";
import { retryAfterHeaders } from "~/web/rate-limit.server";
import { getUser } from "~/web/session.server";
import { useActionAnswer } from "~/lib/action-answer";
import { photoUrls } from "~/infra/storage.server";
import { FormAlert, SendOrCancel } from "~/components/ui/FormParts";
import { msg } from "~/lib/language";
import { requestT } from "~/web/language.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("Flag for the admin") }, { name: "robots", content: "noindex" }];
};

/** A refusal's Retry-After reaches the page that says so. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

const ParamsSchema = z.object({ kind: FlagTargetKindSchema, id: z.coerce.number().int().positive().max(MAX_ROW_ID) });

type Flagged =
  | {
      kind: "discovery";
      id: number;
      serialNumber: number;
      photo: { src: string; width: number; height: number };
      caption: string;
      author: string;
    }
  /** `author` null: the hunt's own comment (the page names it). */
  | { kind: "comment"; id: number; serialNumber: number; content: string; author: string | null };

async function findFlagged(request: Request, db: DB, params: Record<string, string | undefined>): Promise<Flagged> {
  const parsed = checkFields(ParamsSchema, params);
  if (parsed.ok && parsed.data.kind === "discovery") {
    const d = await findDiscoveryForAdmin(db, photoUrls(), parsed.data.id);
    if (d) return { kind: "discovery", id: d.id, serialNumber: d.serialNumber, photo: d.photo, caption: d.caption, author: d.hunterName };
  } else if (parsed.ok) {
    const c = await findCommentWithOwner(db, parsed.data.id);
    if (c)
      return {
        kind: "comment",
        id: c.id,
        serialNumber: c.serialNumber,
        content: c.content,
        author: c.isAdmin ? null : c.authorName?.trim() || requestT(request)(ANONYMOUS_NAME),
      };
  }
  throw new Response(requestT(request)(NOTHING_TO_FLAG_TEXT), { status: 404 });
}

const NOTHING_TO_FLAG_TEXT = msg("There is nothing to flag there: it may have been deleted already.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const flagged = await findFlagged(request, getDb(), params);
  return { flagged, formToken: issueUniqueFormToken(), idempotencyKey: crypto.randomUUID(), hints: formHints(FlagFormSchema) };
}

type FlagResult = { formError?: string; fieldErrors: { reason?: string[]; note?: string[] }; values: { reason: string; note: string } };

const SPAM_TEXT = msg("We couldn't send that flag. Please reload the page and try again.");

/**
 * Records a flag. Anyone may flag, so the comment form's defences apply (the
 * honeypot, the signed minimum fill time), then a rate limit: per hunter when
 * signed in, per address otherwise. Flagging the same thing twice adds
 * nothing; the admin sees one entry with every flag counted.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const t = requestT(request);
  const db = getDb();
  const flagged = await findFlagged(request, db, params);
  const form = await readForm(request);
  const values = { reason: String(form.get("reason") ?? ""), note: String(form.get("note") ?? "") };
  const reject = (status: number, rest: Omit<FlagResult, "values">, headers?: HeadersInit) =>
    data<FlagResult>({ ...rest, values }, { status, headers });

  const verdict = checkCommentForm(form);
  if (!verdict.ok) {
    const message = verdict.reason === "too_fast" ? t("That was quick! Please check your choice, then send the flag again.") : t(SPAM_TEXT);
    return reject(400, { formError: message, fieldErrors: {} });
  }
  const parsed = parseForm(form, FlagFormSchema, values, { idempotencyKey: true });
  if (!parsed.ok) return parsed.answer;
  const key = parsed.idempotencyKey;

  const user = await getUser(request, { db });
  const address = clientAddress(request, context);
  const limitName = user ? ("flagPerHunter" as const) : ("flagPerAddress" as const);
  const limit = user ? await consumeHunterLimit(db, limitName, user.id) : await consumeRateLimit(db, limitName, address);
  if (!limit.allowed) return reject(429, { formError: rateLimitedText(limitName, limit, t), fieldErrors: {} }, retryAfterHeaders(limit));

  const scope = user ? `user:${user.id}` : `flag-form:${String(form.get(FORM_TOKEN_FIELD))}`;
  let result;
  try {
    result = await addFlag(db, {
      target: { kind: flagged.kind, id: flagged.id },
      reason: parsed.data.reason,
      note: parsed.data.note,
      userId: user?.id ?? null,
      clientAddress: address,
      idempotency: key ? { scope, key, kind: "flag", request: hashRequest(request, parsed.data) } : null,
    });
  } catch (error) {
    if (error instanceof IdempotencyKeyReusedError) return reject(422, { formError: t(IDEMPOTENCY_KEY_REUSED_FORM_TEXT), fieldErrors: {} });
    throw error;
  }
  if (!result.ok) throw new Response(t(NOTHING_TO_FLAG_TEXT), { status: 404 });
  return redirectWithToast(`${jimmyPath(flagged.serialNumber)}#${flagged.kind}-${flagged.id}`, {
    title: result.alreadyFlagged ? t("Already flagged") : t("Thanks for flagging"),
    description: result.alreadyFlagged
      ? t("You flagged this before; the admin will look at it.")
      : t("The admin will look at it and remove it if it breaks the hunt's rules."),
    variant: "success",
  });
}

export default function FlagPage() {
  const t = useT();
  const { flagged, formToken, idempotencyKey, hints } = useLoaderData<typeof loader>();
  const serial = String(flagged.serialNumber);
  const author = flagged.author ?? t("The hunt");
  const result = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const back = `${jimmyPath(flagged.serialNumber)}#${flagged.kind}-${flagged.id}`;
  const reasonError = result?.fieldErrors.reason?.[0];
  const noteError = result?.fieldErrors.note?.[0];
  const chosen = result?.values.reason;
  return (
    <ContentPage
      back={back}
      backLabel={t("Jimmy #{serial}", { serial })}
      title={flagged.kind === "discovery" ? t("Flag this discovery") : t("Flag this comment")}
    >
      <p className="mt-2 text-stone-700">
        {t("The admin reviews every flag and removes what breaks the hunt's rules. Whoever posted it is not told who flagged it.")}
      </p>
      {flagged.kind === "discovery" ? (
        <figure className="mt-4">
          <img
            src={flagged.photo.src}
            alt={t("Discovery of Jimmy #{serial} by {name}", { serial, name: author })}
            width={flagged.photo.width}
            height={flagged.photo.height}
            className="max-h-56 w-full rounded-xl bg-stone-200 object-cover"
          />
          <figcaption className="mt-2 text-sm text-stone-700">{t("{name}: {text}", { name: author, text: flagged.caption })}</figcaption>
        </figure>
      ) : (
        <blockquote className="mt-4 whitespace-pre-line break-words rounded-2xl bg-stone-100 px-4 py-3 text-stone-800">
          {t("{name}: {text}", { name: <span className="font-semibold">{author}</span>, text: flagged.content })}
        </blockquote>
      )}
      <FormAlert message={result?.formError} />
      <Form method="post" className="mt-5 space-y-4" noValidate>
        <input type="hidden" name={FORM_TOKEN_FIELD_NAME} value={formToken} />
        <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} />
        <div aria-hidden="true" className="absolute -start-[10000px] top-auto h-px w-px overflow-hidden">
          <label>
            {t("Leave this field empty")}
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <fieldset aria-describedby={describedBy("flag-reason", false, reasonError)}>
          <legend className={labelClass}>{t("What is wrong with it?")}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {FLAG_REASONS.map((reason) => (
              <label
                key={reason.value}
                className="flex min-h-11 items-center gap-2 rounded-xl border border-stone-300 px-3 has-[:checked]:border-orange-600 has-[:checked]:bg-orange-50"
              >
                <input
                  type="radio"
                  name="reason"
                  value={reason.value}
                  defaultChecked={chosen === reason.value}
                  className="h-4 w-4 accent-orange-700"
                />
                {t(reason.message)}
              </label>
            ))}
          </div>
          <FieldError id="flag-reason" message={reasonError} />
        </fieldset>
        <Field
          as="textarea"
          id="flag-note"
          label={t("Note for the admin {optional}", {
            optional: <span className="font-normal text-stone-600">{t("(optional)")}</span>,
          })}
          name="note"
          rows={3}
          hints={hints.note}
          defaultValue={result?.values.note ?? ""}
          error={noteError}
        />
        <SendOrCancel label={t("Send flag")} disabled={navigation.state !== "idle"} back={back} />
      </Form>
    </ContentPage>
  );
}

/** The comment guard's field name, written out: importing it would pull server code into the page. */
const FORM_TOKEN_FIELD_NAME = "formToken";

export const ErrorBoundary = ContentError;
