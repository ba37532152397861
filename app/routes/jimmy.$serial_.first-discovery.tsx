import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { type ClientActionFunctionArgs, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { DiscoveryForm } from "~/components/DiscoveryForm";
import { ReportFormError } from "~/components/ReportFormError";
import { BackIcon } from "~/components/ui/icons";
import { jimmyPath } from "~/lib/discoveries";
import { firstDiscoveryNotice, reportFormAction, reportFormPath } from "~/lib/report-form";
import { issueIdempotencyKey, loadReportForm, reportDiscoveryAction, reportFormHeaders } from "~/web/report-action.server";
import { useActionAnswer } from "~/lib/action-answer";
import { forgetDraftOnRedirect, keepPageOnTransportFailure } from "~/browser/client-action";
import { keepDataAfterTransportFailure } from "~/lib/transport";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { jimmy, proof, proofRefusal, codeExempt } = await loadReportForm(request, params.serial, "first");
  // Someone was quicker: this hunter's report is an additional discovery.
  if (jimmy.discovery_count > 0) throw redirect(`${reportFormPath(jimmy.serial_number, "new")}${new URL(request.url).search}`);
  // A fresh key per rendered form: posting the same form twice (Back, submit again) records one discovery.
  return { serialNumber: jimmy.serial_number, idempotencyKey: issueIdempotencyKey(), proof, proofRefusal, codeExempt };
}

export const action = ({ request, params }: ActionFunctionArgs) => reportDiscoveryAction(request, params.serial, "first");

export const headers = reportFormHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `First Discovery of Jimmy #${data.serialNumber}` : "First Discovery" },
  { name: "robots", content: "noindex" },
];

export default function FirstDiscovery() {
  const { serialNumber, idempotencyKey, proof, proofRefusal, codeExempt } = useLoaderData<typeof loader>();
  const result = useActionAnswer<typeof action>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <Link
        to={jimmyPath(serialNumber)}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-orange-800 hover:text-orange-900"
      >
        <BackIcon className="h-4 w-4" />
        Jimmy #{serialNumber}
      </Link>
      <div className="mt-4 rounded-3xl border border-orange-100 bg-white p-6 shadow-sm sm:p-8">
        <header className="text-center">
          <img src="/logo.svg" alt="" width={64} height={64} className="mx-auto h-16 w-16" />
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight">First Discovery!</h1>
          <p className="mt-1 text-lg font-semibold text-orange-800">Jimmy #{serialNumber} has been found</p>
        </header>
        <div className="mt-8">
          <DiscoveryForm
            kind="first"
            idempotencyKey={idempotencyKey}
            proof={proof}
            proofRefusal={proofRefusal}
            codeExempt={codeExempt}
            action={reportFormAction(serialNumber, "first")}
            draftKey={`report:first:${serialNumber}`}
            submitLabel="Submit First Discovery"
            result={result && "ok" in result ? result : undefined}
          >
            <p className="rounded-2xl bg-orange-50 p-4 text-center font-medium text-orange-950">{firstDiscoveryNotice(serialNumber)}</p>
          </DiscoveryForm>
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = ReportFormError;

/** A request lost on the way keeps the page as it was (see ~/lib/transport). */
export const clientAction = (args: ClientActionFunctionArgs) =>
  keepPageOnTransportFailure(args, forgetDraftOnRedirect(`report:first:${Number(args.params.serial)}`));
export const shouldRevalidate = keepDataAfterTransportFailure;
