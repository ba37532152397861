import type { ClientActionFunctionArgs } from "@remix-run/react";
import type { ReactNode } from "react";
import { Link } from "~/components/Link";
import { DiscoveryForm } from "~/components/DiscoveryForm";
import { BackIcon } from "~/components/ui/icons";
import { useT } from "~/components/i18n";
import { useActionAnswer } from "~/lib/action-answer";
import { jimmyPath } from "~/lib/discoveries";
import { type ReportActionResult, reportFormAction } from "~/lib/report-form";
import { forgetDraftOnRedirect, keepPageOnTransportFailure } from "~/browser/client-action";

// The Jimmy page's dialog loads the form from here, so it and the report pages share one file.
export { DiscoveryForm };

type ReportPageKind = "first" | "new";

/** What the report page's loader gives the form (see loadReportForm in ~/web/report-action.server). */
export type ReportPageForm = {
  serialNumber: number;
  idempotencyKey: string;
  proof: string;
  proofRefusal: string | null;
  codeExempt: boolean;
};

/** Where the report form keeps what the hunter enters until it is sent; the Jimmy page's dialog shares the new-discovery page's. */
function reportDraftKey(kind: ReportPageKind, serialNumber: number): string {
  return `report:${kind}:${serialNumber}`;
}

/**
 * The first- and new-discovery pages: a way back to the Jimmy, the page's own
 * heading, and the report form posting to the page's action, with the page's
 * notice between the fields and the button.
 */
export function ReportDiscoveryPage({
  kind,
  form: { serialNumber, idempotencyKey, proof, proofRefusal, codeExempt },
  heading,
  submitLabel,
  children,
}: {
  kind: ReportPageKind;
  form: ReportPageForm;
  heading: ReactNode;
  submitLabel: string;
  children: ReactNode;
}) {
  const result = useActionAnswer<ReportActionResult>();
  const t = useT();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <Link
        to={jimmyPath(serialNumber)}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-orange-800 hover:text-orange-900"
      >
        <BackIcon className="h-4 w-4" />
        {t("Jimmy #{serial}", { serial: String(serialNumber) })}
      </Link>
      <div className="mt-4 rounded-3xl border border-orange-100 bg-white p-6 shadow-sm sm:p-8">
        {heading}
        <div className="mt-8">
          <DiscoveryForm
            kind={kind}
            idempotencyKey={idempotencyKey}
            proof={proof}
            proofRefusal={proofRefusal}
            codeExempt={codeExempt}
            action={reportFormAction(serialNumber, kind)}
            draftKey={reportDraftKey(kind, serialNumber)}
            submitLabel={submitLabel}
            result={result && "ok" in result ? result : undefined}
          >
            {children}
          </DiscoveryForm>
        </div>
      </div>
    </div>
  );
}

/** The report page's client action: a request lost on the way keeps the page as it was (see ~/lib/transport), and a recorded report forgets its draft. */
export function reportPageClientAction(kind: ReportPageKind) {
  return (args: ClientActionFunctionArgs) =>
    keepPageOnTransportFailure(args, forgetDraftOnRedirect(reportDraftKey(kind, Number(args.params.serial))));
}
