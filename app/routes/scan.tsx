import { sitePagePreview } from "~/lib/site-page-preview";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Field } from "~/components/forms";
import { Button } from "~/components/ui/Button";
import { QrScanner } from "~/components/QrScanner";
import { useHydrated } from "~/components/useHydrated";
import { ScanIcon } from "~/components/ui/icons";
import { CHECK_LENGTH, normalizeCheck } from "~/lib/qr-code";
import { parseSerial } from "~/lib/serial";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { issueScanProof } from "~/services/possession.server";
import { checkLabel, discoveryFormPath } from "~/services/qr.server";
import { requireUser } from "~/web/session.server";
import { parseForm } from "~/web/form-action.server";
import { readForm } from "~/web/form.server";
import { useActionAnswer } from "~/lib/action-answer";
import { FormAlert } from "~/components/ui/FormParts";
import { metaT, useT } from "~/components/i18n";
import { msg } from "~/lib/language";
import { requestT } from "~/web/language.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return sitePagePreview(matches, {
    path: "/scan",
    name: t("Scan a Jimmy"),
    description: t("Found a Jimmy? Scan the code on its label, or type its number, to report your discovery."),
  });
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

const ManualEntrySchema = z.object({
  serial: z
    .string()
    .trim()
    .transform((value) => value.replace(/^#/, ""))
    .pipe(z.string().regex(/^[1-9]\d{0,8}$/, msg("Enter the Jimmy's number as printed on the label, e.g. 42."))),
  check: z.string().transform((value, ctx) => {
    const check = normalizeCheck(value);
    if (!check) {
      // CHECK_LENGTH (6) written out, so a translator sees it.
      ctx.addIssue({ code: "custom", message: msg("Enter the 6-character code printed under the number.") });
      return z.NEVER;
    }
    return check;
  }),
});

type ManualEntryResult = {
  values: { serial: string; check: string };
  fieldErrors?: { serial?: string[]; check?: string[] };
  formError?: string;
};

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const t = requestT(request);
  const form = await readForm(request);
  const values = { serial: String(form.get("serial") ?? ""), check: String(form.get("check") ?? "") };
  const parsed = parseForm(form, ManualEntrySchema, values);
  if (!parsed.ok) {
    // The schema's messages are message keys: worded here, in the reader's language.
    const fieldErrors = {
      serial: parsed.fieldErrors.serial?.map((message) => t(message)),
      check: parsed.fieldErrors.check?.map((message) => t(message)),
    };
    return data<ManualEntryResult>({ values, fieldErrors }, { status: 400 });
  }
  const serial = parseSerial(parsed.data.serial)!;
  const outcome = await checkLabel(getDb(), {
    serial,
    check: parsed.data.check,
    address: clientAddress(request, context),
    userId: user.id,
  });
  // The code was checked here, so the form carries a scan proof and does not ask for it again.
  if (outcome.ok) return redirect(`${discoveryFormPath(outcome.serial, outcome.found)}?proof=${issueScanProof(outcome.serial, user.id)}`);
  switch (outcome.error) {
    case "invalid_serial":
      return data<ManualEntryResult>(
        {
          values,
          fieldErrors: { serial: [t("There is no Jimmy #{serial}. Please check the number on the label.", { serial: String(serial) })] },
        },
        { status: 400 },
      );
    case "invalid_check":
      return data<ManualEntryResult>(
        {
          values,
          fieldErrors: {
            check: [
              t("That code doesn't match Jimmy #{serial}. Please check each character against the label.", { serial: String(serial) }),
            ],
          },
        },
        { status: 400 },
      );
    case "rate_limited": {
      const minutes = Math.max(1, Math.ceil((Date.parse(outcome.retryAt) - Date.now()) / 60_000));
      return data<ManualEntryResult>(
        {
          values,
          formError: t(
            "Too many codes that could not be verified were tried. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.",
            { minutes },
          ),
        },
        { status: 429, headers: { "Retry-After": String(minutes * 60) } },
      );
    }
  }
}

export default function Scan() {
  const hydrated = useHydrated();
  const t = useT();
  const result = useActionAnswer<typeof action>() as ManualEntryResult | undefined;
  const navigation = useNavigation();
  const serialError = result?.fieldErrors?.serial?.[0];
  const checkError = result?.fieldErrors?.check?.[0];
  return (
    <section className="mx-auto max-w-lg px-4 py-8">
      <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight">
        <ScanIcon className="h-7 w-7 text-orange-700" />
        {t("Found a Jimmy?")}
      </h1>
      <p className="mt-1 text-stone-600">{t("Scan the QR code on the label under the Jimmy, or type in what is printed beside it.")}</p>

      <section aria-labelledby="camera-title" className="mt-6 rounded-3xl border border-orange-100 bg-white p-5 shadow-sm">
        <h2 id="camera-title" className="text-lg font-bold">
          {t("Scan the QR code")}
        </h2>
        {hydrated ? (
          <div className="mt-3">
            <QrScanner />
          </div>
        ) : (
          <p className="mt-2 text-sm text-stone-600">
            {t(
              "Scanning needs JavaScript. You can still type in the number and code from the label below, or scan the QR code with your phone's camera app.",
            )}
          </p>
        )}
      </section>

      <section
        id="manual"
        aria-labelledby="manual-title"
        className="mt-6 scroll-mt-24 rounded-3xl border border-orange-100 bg-white p-5 shadow-sm"
      >
        <h2 id="manual-title" className="text-lg font-bold">
          {t("Type it in")}
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          {t("The label shows the Jimmy's number (like {number}) and a {length}-character code (like {code}).", {
            number: <strong>#42</strong>,
            length: CHECK_LENGTH,
            code: <strong>{t("Code {code}", { code: "7KX3PA" })}</strong>,
          })}
        </p>
        <FormAlert message={result?.formError} className="mt-3" />
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <Field
            id="manual-serial"
            label={t("Jimmy number")}
            name="serial"
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={10}
            defaultValue={result?.values.serial ?? ""}
            error={serialError}
          />
          <Field
            id="manual-check"
            label={t("Check code")}
            name="check"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={16}
            defaultValue={result?.values.check ?? ""}
            error={checkError}
            className="font-mono uppercase"
          />
          <Button disabled={navigation.state === "submitting"} size="none" className="h-11 sm:col-span-2">
            {t("Continue")}
          </Button>
        </Form>
      </section>
    </section>
  );
}
