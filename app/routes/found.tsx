import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { buttonClass } from "~/components/ui/Button";
import { AlertIcon, SpinnerIcon } from "~/components/ui/icons";
import { metaT, useT } from "~/components/i18n";
import { qrErrorMessage } from "~/lib/qr-errors";
import { requestT } from "~/web/language.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("QR Code") }, { name: "robots", content: "noindex" }];

export function loader({ request }: LoaderFunctionArgs) {
  const error = new URL(request.url).searchParams.get("error");
  const t = requestT(request);
  return { error: error === null ? null : { code: error, message: t(qrErrorMessage(error)) } };
}

export default function Found() {
  const { error } = useLoaderData<typeof loader>();
  const t = useT();
  if (!error) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center" aria-live="polite">
        <SpinnerIcon className="h-10 w-10 animate-spin text-orange-600" />
        <h1 className="mt-6 text-xl font-bold">{t("Processing QR Code...")}</h1>
        <p className="mt-1 text-stone-600">{t("Please wait...")}</p>
        {/* A scan lands here only on its way elsewhere; if nothing came after a few seconds, say what to do (CSS only, so also without JavaScript). */}
        <div className="reveal-after-delay mt-8 rounded-2xl border border-orange-200 bg-orange-50 p-5" data-testid="found-stuck-help">
          <p className="font-semibold text-stone-900">{t("Still nothing?")}</p>
          <p className="mt-1 text-sm text-stone-700">
            {t("The scan didn't get through. Scan the QR code again, or type Jimmy's number and the code printed on the label.")}
          </p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <Link to="/scan" className={buttonClass("primary", "cta")}>
              {t("Scan again")}
            </Link>
            <Link to="/scan#manual" className={buttonClass("secondary", "cta", "bg-white")}>
              {t("Type the code")}
            </Link>
          </div>
        </div>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-md px-4 py-20 text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-red-700">
        <AlertIcon className="h-7 w-7" />
      </span>
      <h1 className="mt-5 text-2xl font-extrabold tracking-tight">{t("QR Code Error")}</h1>
      <p className="mt-3 text-stone-700" data-testid="qr-error-message">
        {error.message}
      </p>
      <Link to="/" className={buttonClass("primary", "cta", "mt-8")}>
        {t("Go Home")}
      </Link>
    </section>
  );
}
