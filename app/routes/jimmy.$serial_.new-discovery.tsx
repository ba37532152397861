import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { ReportDiscoveryPage, reportPageClientAction } from "~/components/ReportDiscoveryPage";
import { ReportFormError } from "~/components/ReportFormError";
import { metaT, useT } from "~/components/i18n";
import { newDiscoveryHeading } from "~/lib/report-form";
import { issueIdempotencyKey, loadReportForm, reportDiscoveryAction, reportFormHeaders } from "~/web/report-action.server";

// A request lost on the way keeps the page as it was, and a recorded report forgets its draft.
export const clientAction = reportPageClientAction("new");
export { shouldRevalidate } from "~/browser/keep-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { jimmy, proof, proofRefusal, codeExempt } = await loadReportForm(request, params.serial, "new");
  // A fresh key per rendered form: posting the same form twice (Back, submit again) records one discovery.
  return {
    serialNumber: jimmy.serial_number,
    discoveryCount: jimmy.discovery_count,
    idempotencyKey: issueIdempotencyKey(),
    proof,
    proofRefusal,
    codeExempt,
  };
}

/** Also receives the Jimmy page's 'Record Your Discovery' modal (`_form=modal`). */
export const action = ({ request, params }: ActionFunctionArgs) => reportDiscoveryAction(request, params.serial, "new");

export const headers = reportFormHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  return [
    { title: data ? t("New Discovery of Jimmy #{serial}", { serial: String(data.serialNumber) }) : t("New Discovery") },
    { name: "robots", content: "noindex" },
  ];
};

export default function NewDiscovery() {
  const form = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <ReportDiscoveryPage
      kind="new"
      form={form}
      heading={
        <>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            {newDiscoveryHeading(form.serialNumber, form.discoveryCount, t)}
          </h1>
          <p className="mt-2 text-stone-700">{t("Share where you found him so everyone can follow his journey.")}</p>
        </>
      }
      submitLabel={t("Share Discovery")}
    >
      <p className="text-sm text-stone-600">
        {t("By sharing, you publish your photo under CC BY-NC 4.0 as described in our {policy}.", {
          policy: (
            <Link to="/privacy-policy" className="font-semibold text-orange-800 underline hover:text-orange-900">
              {t("Privacy Policy")}
            </Link>
          ),
        })}
      </p>
    </ReportDiscoveryPage>
  );
}

export const ErrorBoundary = ReportFormError;
