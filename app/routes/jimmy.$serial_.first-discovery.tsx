import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportDiscoveryPage, reportPageClientAction } from "~/components/ReportDiscoveryPage";
import { ReportFormError } from "~/components/ReportFormError";
import { metaT, useT } from "~/components/i18n";
import { firstDiscoveryNotice, reportFormPath } from "~/lib/report-form";
import { issueIdempotencyKey, loadReportForm, reportDiscoveryAction, reportFormHeaders } from "~/web/report-action.server";

// A request lost on the way keeps the page as it was, and a recorded report forgets its draft.
export const clientAction = reportPageClientAction("first");
export { shouldRevalidate } from "~/browser/keep-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { jimmy, proof, proofRefusal, codeExempt } = await loadReportForm(request, params.serial, "first");
  // Someone was quicker: this hunter's report is an additional discovery.
  if (jimmy.discovery_count > 0) throw redirect(`${reportFormPath(jimmy.serial_number, "new")}${new URL(request.url).search}`);
  // A fresh key per rendered form: posting the same form twice (Back, submit again) records one discovery.
  return { serialNumber: jimmy.serial_number, idempotencyKey: issueIdempotencyKey(), proof, proofRefusal, codeExempt };
}

export const action = ({ request, params }: ActionFunctionArgs) => reportDiscoveryAction(request, params.serial, "first");

export const headers = reportFormHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  return [
    { title: data ? t("First Discovery of Jimmy #{serial}", { serial: String(data.serialNumber) }) : t("First Discovery") },
    { name: "robots", content: "noindex" },
  ];
};

export default function FirstDiscovery() {
  const form = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <ReportDiscoveryPage
      kind="first"
      form={form}
      heading={
        <header className="text-center">
          <img src="/logo.svg" alt="" width={64} height={64} className="mx-auto h-16 w-16" />
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight">{t("First Discovery!")}</h1>
          <p className="mt-1 text-lg font-semibold text-orange-800">
            {t("Jimmy #{serial} has been found", { serial: String(form.serialNumber) })}
          </p>
        </header>
      }
      submitLabel={t("Submit First Discovery")}
    >
      <p className="rounded-2xl bg-orange-50 p-4 text-center font-medium text-orange-950">{firstDiscoveryNotice(form.serialNumber, t)}</p>
    </ReportDiscoveryPage>
  );
}

export const ErrorBoundary = ReportFormError;
