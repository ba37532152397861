import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Link } from "~/components/Link";
import { IDEMPOTENCY_KEY_FIELD } from "~/lib/idempotency";
import { msg } from "~/lib/language";
import { useT } from "./i18n";
import { Button, secondaryLinkClass } from "./ui/Button";
import { ErrorPage } from "./ui/ErrorPage";
import { BackIcon } from "./ui/icons";

/** The frame of the edit, delete and flag pages: a way back to the Jimmy, a heading, the form (the page words `backLabel` and `title`). */
export function ContentPage({ back, backLabel, title, children }: { back: string; backLabel: string; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-6 sm:py-10">
      <Link to={back} className="inline-flex items-center gap-1.5 text-sm font-semibold text-orange-800 hover:text-orange-900">
        <BackIcon className="h-4 w-4" />
        {backLabel}
      </Link>
      <div className="mt-4 rounded-3xl border border-orange-100 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** The photo of the hunter's own discovery, at the top of its edit and delete pages. */
export function OwnDiscoveryPhoto({
  discovery,
}: {
  discovery: { serialNumber: number; photo: { src: string; width: number; height: number } };
}) {
  const t = useT();
  return (
    <img
      src={discovery.photo.src}
      alt={t("Your discovery of Jimmy #{serial}", { serial: String(discovery.serialNumber) })}
      width={discovery.photo.width}
      height={discovery.photo.height}
      className="mt-4 max-h-56 w-full rounded-xl bg-stone-200 object-cover"
    />
  );
}

/** The form that deletes the hunter's own comment or discovery (once, by its key), or keeps it and goes back. */
export function DeleteOrKeep({
  label,
  back,
  idempotencyKey,
  children,
}: {
  label: string;
  back: string;
  idempotencyKey: string;
  children?: ReactNode;
}) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="mt-5 flex flex-wrap gap-3">
      <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} />
      {children}
      <Button look="danger" disabled={busy}>
        {label}
      </Button>
      <a href={back} className={secondaryLinkClass}>
        {t("Keep it")}
      </a>
    </Form>
  );
}

const NOTHING_CHANGED = msg("Something went wrong on our side. Nothing was changed — please try again in a moment.");

/** Refusals (403: not yours; 404: gone) say why in the page, with the server's own words (in the reader's language). */
export function ContentError() {
  const t = useT();
  const nothingChanged = t(NOTHING_CHANGED);
  return (
    <ErrorPage
      texts={{
        403: { title: t("Not yours to change"), fallback: nothingChanged },
        404: { title: t("Not found"), fallback: nothingChanged },
        other: { title: t("Something went wrong"), fallback: nothingChanged },
      }}
    />
  );
}
