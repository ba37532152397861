import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { ContentError, ContentPage, OwnDiscoveryPhoto } from "~/components/OwnContent";
import { metaT, useT } from "~/components/i18n";
import { Field } from "~/components/forms";
import { formHints } from "~/lib/form-hints";
import { DEFAULT_CAPTION } from "~/lib/discoveries";
import { ownContentReturn, RETURN_FIELD, returnLabel } from "~/lib/own-content-return";
import { IDEMPOTENCY_KEY_FIELD } from "~/lib/idempotency";
import { DiscoveryEditSchema } from "~/lib/own-content-schema";
import { LOCATION_REQUIRED_TEXT, unknownPlaceText } from "~/lib/report-form";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { parseForm } from "~/web/form-action.server";
import { readForm } from "~/web/form.server";
import { editOwnDiscovery, requireOwnDiscovery } from "~/web/own-content.server";
import { UnknownPlaceError } from "~/services/geo.server";
import { useActionAnswer } from "~/lib/action-answer";
import { FormAlert, SendOrCancel } from "~/components/ui/FormParts";
import { requestT } from "~/web/language.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("Edit your discovery") }, { name: "robots", content: "noindex" }];
};

type EditResult = {
  formError?: string;
  fieldErrors: { caption?: string[]; location?: string[] };
  values: { caption: string; location: string };
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const d = await requireOwnDiscovery(request, db, params.id);
  return {
    back: ownContentReturn(new URL(request.url).searchParams.get(RETURN_FIELD), d),
    discovery: {
      id: d.id,
      serialNumber: d.serialNumber,
      caption: d.caption === DEFAULT_CAPTION ? "" : d.caption,
      location: d.location ?? "",
      photo: d.photo,
    },
    measured: d.latitude !== null && !d.locationApproximate,
    idempotencyKey: crypto.randomUUID(),
    hints: formHints(DiscoveryEditSchema),
  };
}

/**
 * Saves a hunter's new caption and location. Only the discovery's own hunter
 * may (403 otherwise, nothing changed); the place is derived again as a
 * report derives it. A repeated post saves the same text again, so the form's
 * idempotency key is only checked for its shape.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const t = requestT(request);
  const db = getDb();
  const discovery = await requireOwnDiscovery(request, db, params.id);
  const form = await readForm(request);
  const back = ownContentReturn(form.get(RETURN_FIELD), discovery);
  const values = { caption: String(form.get("caption") ?? ""), location: String(form.get("location") ?? "") };
  const reject = (rest: Omit<EditResult, "values">) => data<EditResult>({ ...rest, values }, { status: 400 });
  const parsed = parseForm(form, DiscoveryEditSchema, values, { idempotencyKey: true });
  if (!parsed.ok) return parsed.answer;
  const measured = discovery.latitude !== null && !discovery.locationApproximate;
  if (!measured && parsed.data.location === null) return reject({ fieldErrors: { location: [t(LOCATION_REQUIRED_TEXT)] } });
  let saved;
  try {
    saved = await editOwnDiscovery(db, discovery, parsed.data);
  } catch (error) {
    // The gazetteer's refusal (app/services/geo.server.ts), in the reader's language.
    if (error instanceof UnknownPlaceError)
      return reject({ fieldErrors: { location: [unknownPlaceText(error.typed, error.canMeasure, t)] } });
    throw error;
  }
  if (!saved) throw new Response(t("That discovery doesn't exist any more."), { status: 404 });
  return redirectWithToast(back, {
    title: t("Discovery updated"),
    description: t("Your discovery of Jimmy #{serial} was saved.", { serial: String(discovery.serialNumber) }),
    variant: "success",
  });
}

export default function EditDiscovery() {
  const t = useT();
  const { back, discovery, measured, idempotencyKey, hints } = useLoaderData<typeof loader>();
  const result = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const values = result?.values ?? discovery;
  const captionError = result?.fieldErrors.caption?.[0];
  const locationError = result?.fieldErrors.location?.[0];
  return (
    <ContentPage back={back} backLabel={returnLabel(back, discovery, t)} title={t("Edit your discovery")}>
      <OwnDiscoveryPhoto discovery={discovery} />
      <FormAlert message={result?.formError} />
      <Form method="post" className="mt-5 space-y-4" noValidate>
        <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} />
        <input type="hidden" name={RETURN_FIELD} value={back} />
        <Field
          as="textarea"
          id="edit-caption"
          label={t("Caption")}
          name="caption"
          rows={3}
          hints={hints.caption}
          defaultValue={values.caption}
          placeholder={t("Another Jimmy discovery!")}
          error={captionError}
        />
        <Field
          id="edit-location"
          label={t("Location")}
          name="location"
          hints={hints.location}
          defaultValue={values.location}
          hint={
            measured
              ? t("Your device measured where you were, so the map pin and the place stay; this is the name shown with them.")
              : t('Name a town or city ("Paris, France"): the map and the Jimmy\'s journey follow it.')
          }
          error={locationError}
        />
        <SendOrCancel label={t("Save changes")} disabled={navigation.state !== "idle"} back={back} />
      </Form>
    </ContentPage>
  );
}

export const ErrorBoundary = ContentError;
