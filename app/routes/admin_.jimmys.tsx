import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { z } from "zod";
import { Field } from "~/components/forms";
import { Button } from "~/components/ui/Button";
import { recordAdminAction } from "~/models/audit-log.server";
import { mintJimmys } from "~/models/jimmys.server";
import { ADMIN_HEADERS, requireAdminPage, requireRecentPassword } from "~/web/admin.server";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { MAX_LABELS } from "~/services/labels.server";
import { adminPasswordIsRecent, requireAdmin } from "~/web/session.server";
import { checkFields, parseForm } from "~/web/form-action.server";
import { readForm } from "~/web/form.server";
import { useActionAnswer } from "~/lib/action-answer";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = () => [{ title: "Mint Jimmys · Admin" }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = () => ADMIN_HEADERS;

const serial = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,8}$/, `Enter the ${label} serial, a whole number from 1.`)
    .transform(Number);

const MintSchema = z
  .object({ from: serial("first"), to: serial("last") })
  .refine((r) => r.to >= r.from, { path: ["to"], message: "The last serial must not be below the first." })
  .refine((r) => r.to - r.from < MAX_LABELS, { path: ["to"], message: `Mint at most ${MAX_LABELS} Jimmys at a time.` });

const RangeSchema = z.object({
  from: z.coerce.number().int().min(1).max(999_999_999),
  to: z.coerce.number().int().min(1).max(999_999_999),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireAdminPage(request, db);
  const params = new URL(request.url).searchParams;
  const minted = checkFields(RangeSchema, { from: params.get("from"), to: params.get("to") });
  return {
    minted: minted.ok && minted.data.to >= minted.data.from ? minted.data : null,
    passwordNeeded: !(await adminPasswordIsRecent(request, { db })),
  };
}

type MintResult = { values: { from: string; to: string }; fieldErrors: { from?: string[]; to?: string[]; password?: string[] } };

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  await requireAdmin(request, { db });
  const form = await readForm(request);
  const values = { from: String(form.get("from") ?? ""), to: String(form.get("to") ?? "") };
  const parsed = parseForm(form, MintSchema, values);
  if (!parsed.ok) return data<MintResult>({ values, fieldErrors: parsed.fieldErrors }, { status: 400 });
  // Minting writes many rows at once: it needs the password typed within the last few minutes.
  const address = clientAddress(request, context);
  const password = await requireRecentPassword(request, db, { password: String(form.get("password") ?? ""), address });
  if (!password.ok) return data<MintResult>({ values, fieldErrors: { password: [password.message] } }, { status: password.status });
  const { from, to } = parsed.data;
  const created = await mintJimmys(db, from, to);
  await recordAdminAction(db, {
    action: "mint_jimmys",
    targetType: "jimmys",
    targetId: `${from}-${to}`,
    detail: `${created} new`,
    clientAddress: address,
  });
  return redirectWithToast(`/admin/jimmys?from=${from}&to=${to}`, {
    title: "Jimmys minted",
    description: `${created} new ${created === 1 ? "Jimmy" : "Jimmys"} in #${from}–#${to}; ${to - from + 1 - created} existed already.`,
    variant: "success",
  });
}

export default function MintJimmys() {
  const { minted, passwordNeeded } = useLoaderData<typeof loader>();
  const result = useActionAnswer<typeof action>() as MintResult | undefined;
  const passwordError = result?.fieldErrors.password?.[0];
  const navigation = useNavigation();
  const sheet = (format: "svg" | "pdf") => (minted ? `/admin/labels?from=${minted.from}&to=${minted.to}&format=${format}` : "");
  return (
    <section className="mx-auto max-w-lg px-4 py-10">
      <Link to="/admin" className="text-sm font-semibold text-orange-800 hover:underline">
        ← Admin Panel
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Mint Jimmys</h1>
      <p className="mt-1 text-stone-600">
        Creates the serials in a range (existing ones are kept) and prints their labels: a QR code that opens the Jimmy's discovery form,
        with the number and check code for typing in by hand. Sheets are US Letter, 30 labels of 2⅝″ × 1″ (Avery 5160).
      </p>
      {minted ? (
        <div className="mt-5 rounded-2xl border border-green-200 bg-green-50 p-4" data-testid="label-downloads">
          <h2 className="font-bold text-green-900">
            Labels for #{minted.from}–#{minted.to}
          </h2>
          <div className="mt-3 flex gap-3">
            <a href={sheet("pdf")} className="rounded-full bg-green-800 px-4 py-2 font-semibold text-white hover:bg-green-900" download>
              Download PDF
            </a>
            <a
              href={sheet("svg")}
              className="rounded-full border border-green-700 px-4 py-2 font-semibold text-green-900 hover:bg-green-100"
              download
            >
              Download SVG
            </a>
          </div>
        </div>
      ) : null}
      <Form method="post" className="mt-6 grid grid-cols-2 gap-4 rounded-3xl border border-orange-100 bg-white p-5 shadow-sm" noValidate>
        {(["from", "to"] as const).map((field) => (
          <Field
            key={field}
            id={`mint-${field}`}
            label={field === "from" ? "First serial" : "Last serial"}
            name={field}
            inputMode="numeric"
            required
            defaultValue={result?.values[field] ?? ""}
            error={result?.fieldErrors[field]?.[0]}
          />
        ))}
        {passwordNeeded || passwordError ? (
          <div className="col-span-2">
            <Field
              id="mint-password"
              label="Admin password"
              hintFirst
              hint="Minting changes many rows, so enter the password again (it was last typed more than 10 minutes ago)."
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={passwordError}
            />
          </div>
        ) : null}
        <Button disabled={navigation.state === "submitting"} size="none" className="col-span-2 h-11">
          Mint and make labels
        </Button>
      </Form>
    </section>
  );
}
