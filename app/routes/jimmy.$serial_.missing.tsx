import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { ContentError, ContentPage } from "~/components/OwnContent";
import { Field } from "~/components/forms";
import { jimmyPath } from "~/lib/discoveries";
import { formHints } from "~/lib/form-hints";
import { IDEMPOTENCY_KEY_FIELD, IDEMPOTENCY_KEY_REUSED_FORM_TEXT } from "~/lib/idempotency";
import { hashRequest } from "~/web/request-hash.server";
import { MISSING_REPORTS_NEEDED, MISSING_REPORTS_NEEDED_TEXT, MISSING_REPORTS_TEXT } from "~/lib/missing";
import { MissingFormSchema } from "~/lib/missing-schema";
import { parseSerial } from "~/lib/serial";
import { IdempotencyKeyReusedError } from "~/models/idempotency.server";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { missingReportsOf, reportMissing } from "~/models/missing.server";
import { getDb, type DB } from "~/infra/db.server";
import { consumeHunterLimit, rateLimitedText } from "~/services/rate-limit.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { redirectWithToast } from "~/web/flash.server";
import { parseForm } from "~/web/form-action.server";
import { readForm } from "~/web/form.server";
import { retryAfterHeaders } from "~/web/rate-limit.server";
import { requireUser } from "~/web/session.server";
import { placeDate, requestPreferences } from "~/web/reader-terms.server";
import { useActionAnswer } from "~/lib/action-answer";
import { FormAlert, SendOrCancel } from "~/components/ui/FormParts";
import { metaT, useT } from "~/components/i18n";
import { msg, type Translate } from "~/lib/language";
import { requestLanguage, requestT } from "~/web/language.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  return [
    { title: data ? t("Jimmy #{serial} wasn't there", { serial: String(data.serialNumber) }) : t("Report a missing Jimmy") },
    { name: "robots", content: "noindex" },
  ];
};

/** A refusal's Retry-After reaches the page that says so. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

const NOT_PLACED_TEXT = msg("Only a Jimmy that has been found has a last place to look for it.");

/** The Jimmy to report; a 404 for none, a 409 for one with no last place (never found, or retired). */
async function findReportable(db: DB, serial: string | undefined, t: Translate) {
  const serialNumber = parseSerial(serial);
  const jimmy = serialNumber === null ? undefined : await findJimmyBySerial(db, serialNumber);
  if (!jimmy) throw new Response(t("There is no Jimmy #{serial}.", { serial: serial ?? "" }), { status: 404 });
  if (jimmy.status !== "discovered" && jimmy.status !== "missing") throw new Response(t(NOT_PLACED_TEXT), { status: 409 });
  return jimmy;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const jimmy = await findReportable(db, params.serial, requestT(request));
  const { reports, reportedByYou } = await missingReportsOf(db, jimmy.id, user.id);
  const lastSeenAt = jimmy.located_at ?? jimmy.last_discovery_at;
  return {
    serialNumber: jimmy.serial_number,
    possiblyMissing: jimmy.status === "missing",
    lastPlace: jimmy.location,
    // The day, in the time zone of where it was last seen.
    lastSeen: lastSeenAt ? placeDate(lastSeenAt, jimmy, requestPreferences(request).timeZone, requestLanguage(request)) : null,
    reports,
    reportedByYou,
    idempotencyKey: crypto.randomUUID(),
    hints: formHints(MissingFormSchema),
  };
}

type MissingResult = { formError?: string; fieldErrors: { note?: string[] }; values: { note: string } };

/**
 * Records that the signed-in hunter went to the Jimmy's last place and it
 * wasn't there. A second report by the same hunter adds nothing; reports
 * from two hunters make the Jimmy possibly missing (~/models/missing.server).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  const user = await requireUser(request, { db });
  const t = requestT(request);
  const jimmy = await findReportable(db, params.serial, t);
  const form = await readForm(request);
  const values = { note: String(form.get("note") ?? "") };
  const reject = (status: number, rest: Omit<MissingResult, "values">, headers?: HeadersInit) =>
    data<MissingResult>({ ...rest, values }, { status, headers });

  const parsed = parseForm(form, MissingFormSchema, values, { idempotencyKey: true });
  if (!parsed.ok) {
    // The schema's messages (msg in ~/lib/missing), worded for the reader.
    const { note } = parsed.fieldErrors as { note?: string[] };
    return reject(400, {
      ...(parsed.formError ? { formError: t(parsed.formError) } : {}),
      fieldErrors: note ? { note: note.map((message) => t(message)) } : {},
    });
  }
  const key = parsed.idempotencyKey;
  const limit = await consumeHunterLimit(db, "missingPerHunter", user.id);
  if (!limit.allowed)
    return reject(429, { formError: rateLimitedText("missingPerHunter", limit, t), fieldErrors: {} }, retryAfterHeaders(limit));

  let result;
  try {
    result = await reportMissing(db, {
      jimmyId: jimmy.id,
      userId: user.id,
      note: parsed.data.note,
      idempotency: key ? { scope: `user:${user.id}`, key, kind: "missing", request: hashRequest(request, parsed.data) } : null,
    });
  } catch (error) {
    if (error instanceof IdempotencyKeyReusedError) return reject(422, { formError: t(IDEMPOTENCY_KEY_REUSED_FORM_TEXT), fieldErrors: {} });
    throw error;
  }
  if (!result.ok)
    throw new Response(result.reason === "not_found" ? t("That Jimmy is gone from the hunt.") : t(NOT_PLACED_TEXT), { status: 409 });
  return redirectWithToast(
    `${jimmyPath(jimmy.serial_number)}#missing`,
    result.alreadyReported
      ? { title: t("Already reported"), description: t("You said before that it wasn't there. Thanks for checking again.") }
      : result.status === "missing"
        ? {
            title: t("Jimmy #{serial} is now possibly missing", { serial: String(jimmy.serial_number) }),
            description: t("Thanks for looking. The next hunter to find it will put it back on the map."),
            variant: "success",
          }
        : {
            title: t("Thanks for looking"),
            description: `${t("Your report is in.")} ${t(MISSING_REPORTS_NEEDED_TEXT)}`,
            variant: "success",
          },
  );
}

export default function MissingPage() {
  const { serialNumber, possiblyMissing, lastPlace, lastSeen, reports, reportedByYou, idempotencyKey, hints } =
    useLoaderData<typeof loader>();
  const t = useT();
  const result = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const back = jimmyPath(serialNumber);
  return (
    <ContentPage
      back={back}
      backLabel={t("Jimmy #{serial}", { serial: String(serialNumber) })}
      title={t("Jimmy #{serial} wasn't there?", { serial: String(serialNumber) })}
    >
      <p className="mt-2 text-stone-700">
        {lastPlace ? (
          <>
            {lastSeen
              ? t("It was last seen at {place} on {date}.", { place: <span className="font-semibold">{lastPlace}</span>, date: lastSeen })
              : t("It was last seen at {place}.", { place: <span className="font-semibold">{lastPlace}</span> })}{" "}
          </>
        ) : null}
        {t(
          "If you went there and couldn't find it, say so here. When {needed, number} hunters have, it is shown as possibly missing until someone finds it again.",
          { needed: MISSING_REPORTS_NEEDED },
        )}
      </p>
      {reports > 0 || possiblyMissing ? (
        <p className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-950" data-testid="missing-state">
          {possiblyMissing ? `${t("Possibly missing.")} ` : ""}
          {reports > 0 ? t(MISSING_REPORTS_TEXT, { reports }) : ""}
          {reportedByYou ? ` ${t("You are one of them.")}` : ""}
        </p>
      ) : null}
      <FormAlert message={result?.formError} />
      <Form method="post" className="mt-5 space-y-4" noValidate>
        <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} />
        <Field
          as="textarea"
          id="missing-note"
          label={
            <>
              {t("What did you find there? {optional}", {
                optional: <span className="font-normal text-stone-600">{t("(optional)")}</span>,
              })}
            </>
          }
          name="note"
          rows={3}
          hints={hints.note}
          placeholder={t("The bench was repainted and the ledge is empty.")}
          defaultValue={result?.values.note ?? ""}
          error={result?.fieldErrors.note?.[0]}
        />
        <SendOrCancel
          label={reportedByYou ? t("You reported it") : t("It wasn't there")}
          disabled={navigation.state !== "idle" || reportedByYou}
          back={back}
        />
      </Form>
    </ContentPage>
  );
}

export const ErrorBoundary = ContentError;
