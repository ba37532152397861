import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { type ClientActionFunctionArgs, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { DiscoveryForm } from "~/components/DiscoveryForm";
import { ReportFormError } from "~/components/ReportFormError";
import { BackIcon } from "~/components/ui/icons";
import { jimmyPath } from "~/lib/discoveries";
import { newDiscoveryHeading, reportFormAction } from "~/lib/report-form";
import { issueIdempotencyKey, loadReportForm, reportDiscoveryAction, reportFormHeaders } from "~/web/report-action.server";
import { useActionAnswer } from "~/lib/action-answer";
import { forgetDraftOnRedirect, keepPageOnTransportFailure } from "~/browser/client-action";
import { keepDataAfterTransportFailure } from "~/lib/transport";

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

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `New Discovery of Jimmy #${data.serialNumber}` : "New Discovery" },
  { name: "robots", content: "noindex" },
];

export default function NewDiscovery() {
  const { serialNumber, discoveryCount, idempotencyKey, proof, proofRefusal, codeExempt } = useLoaderData<typeof loader>();
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
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{newDiscoveryHeading(serialNumber, discoveryCount)}</h1>
        <p className="mt-2 text-stone-700">Share where you found him so everyone can follow his journey.</p>
        <div className="mt-8">
          <DiscoveryForm
            kind="new"
            idempotencyKey={idempotencyKey}
            proof={proof}
            proofRefusal={proofRefusal}
            codeExempt={codeExempt}
            action={reportFormAction(serialNumber, "new")}
            draftKey={`report:new:${serialNumber}`}
            submitLabel="Share Discovery"
            result={result && "ok" in result ? result : undefined}
          >
            <p className="text-sm text-stone-600">
              By sharing, you publish your photo under CC BY-NC 4.0 as described in our{" "}
              <Link to="/privacy-policy" className="font-semibold text-orange-800 underline hover:text-orange-900">
                Privacy Policy
              </Link>
              .
            </p>
          </DiscoveryForm>
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = ReportFormError;

/** A request lost on the way keeps the page as it was (see ~/lib/transport). */
export const clientAction = (args: ClientActionFunctionArgs) =>
  keepPageOnTransportFailure(args, forgetDraftOnRedirect(`report:new:${Number(args.params.serial)}`));
export const shouldRevalidate = keepDataAfterTransportFailure;
