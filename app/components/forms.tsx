import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import type { FieldHints } from "~/lib/form-hints";
import { describedBy, FieldError, labelClass } from "./ui/field-parts";

/**
 * The field every form is built from: label, control, hint and error, wired
 * together for screen readers. It renders plain HTML, so every form posts
 * natively with JavaScript off. The button looks are in ./ui/Button.
 */

export const fieldClass = "mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-base aria-[invalid=true]:border-red-500";

type Control =
  ({ as?: "input" } & InputHTMLAttributes<HTMLInputElement>) | ({ as: "textarea" } & TextareaHTMLAttributes<HTMLTextAreaElement>);

/**
 * A labelled control with its hint and error: the hint (`${id}-hint`) and the
 * error (`${id}-error`) are named by aria-describedby, and aria-invalid is set
 * while there is an error. `hints` are the HTML constraints derived from the
 * server's zod schema (~/lib/form-hints.server), so the limits are written once.
 */
export function Field({
  id,
  label,
  hint,
  error,
  hints,
  hintFirst = false,
  className = "",
  ...control
}: Control & { id: string; label: ReactNode; hint?: ReactNode; hintFirst?: boolean; error?: string; hints?: FieldHints }) {
  const wired = {
    id,
    ...hints,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
    className: className ? `${fieldClass} ${className}` : fieldClass,
  };
  const hintText = hint ? (
    <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
      {hint}
    </p>
  ) : null;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hintFirst ? hintText : null}
      {control.as === "textarea" ? <textarea {...wired} {...withoutAs(control)} /> : <input {...wired} {...withoutAs(control)} />}
      {hintFirst ? null : hintText}
      <FieldError id={id} message={error} />
    </div>
  );
}

function withoutAs<T extends { as?: unknown }>({ as: _as, ...rest }: T): Omit<T, "as"> {
  return rest;
}
