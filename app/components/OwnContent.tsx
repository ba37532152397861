import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import type { ReactNode } from "react";
import { IDEMPOTENCY_KEY_FIELD } from "~/lib/idempotency";
import { Button, type ButtonLook, secondaryLinkClass } from "./ui/Button";
import { ErrorPage } from "./ui/ErrorPage";
import { BackIcon } from "./ui/icons";

/** The frame of the edit, delete and flag pages: a way back to the Jimmy, a heading, the form. */
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

/**
 * The form of an edit, missing or flag page: the server's refusal above it,
 * the key that makes a repeated post count once, the page's fields, then the
 * submit button and a way back.
 */
export function ContentForm({
  idempotencyKey,
  formError,
  submitLabel,
  back,
  disabled = false,
  children,
}: {
  idempotencyKey: string;
  formError: string | undefined;
  submitLabel: ReactNode;
  back: string;
  /** Besides while a request is on its way. */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {formError ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {formError}
        </p>
      ) : null}
      <Form method="post" className="mt-5 space-y-4" noValidate>
        <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} />
        {children}
        <div className="flex flex-wrap gap-3">
          <SubmitOrLeave submitLabel={submitLabel} back={back} leaveLabel="Cancel" disabled={disabled} />
        </div>
      </Form>
    </>
  );
}

/** The form of a delete page: one danger button that confirms, beside a way back that keeps the thing. */
export function ConfirmDeleteForm({
  idempotencyKey,
  submitLabel,
  back,
  children,
}: {
  idempotencyKey: string;
  submitLabel: string;
  back: string;
  children?: ReactNode;
}) {
  return (
    <Form method="post" className="mt-5 flex flex-wrap gap-3">
      <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} />
      {children}
      <SubmitOrLeave look="danger" submitLabel={submitLabel} back={back} leaveLabel="Keep it" />
    </Form>
  );
}

/** Submit, disabled while a request is on its way, and a plain link back (it works before the page's JavaScript has loaded). */
function SubmitOrLeave({
  look,
  submitLabel,
  back,
  leaveLabel,
  disabled = false,
}: {
  look?: ButtonLook;
  submitLabel: ReactNode;
  back: string;
  leaveLabel: string;
  disabled?: boolean;
}) {
  const navigation = useNavigation();
  return (
    <>
      <Button look={look} disabled={navigation.state !== "idle" || disabled}>
        {submitLabel}
      </Button>
      <a href={back} className={secondaryLinkClass}>
        {leaveLabel}
      </a>
    </>
  );
}

const NOTHING_CHANGED = "Something went wrong on our side. Nothing was changed — please try again in a moment.";

/** Refusals (403: not yours; 404: gone) say why in the page, with the server's own words. */
export function ContentError() {
  return (
    <ErrorPage
      texts={{
        403: { title: "Not yours to change", fallback: NOTHING_CHANGED },
        404: { title: "Not found", fallback: NOTHING_CHANGED },
        other: { title: "Something went wrong", fallback: NOTHING_CHANGED },
      }}
    />
  );
}
