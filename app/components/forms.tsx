import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import type { FieldHints } from "~/lib/form-hints";

/**
 * The parts every form is built from: a Field (label, control, hint, error,
 * wired together for screen readers) and the button looks. They render plain
 * HTML, so every form posts natively with JavaScript off.
 */

const BUTTON_LOOKS = {
  primary: "rounded-full bg-orange-700 font-semibold text-white hover:bg-orange-800 disabled:opacity-60",
  danger: "rounded-full bg-red-700 font-semibold text-white hover:bg-red-800 disabled:opacity-60",
  secondary: "rounded-full border border-stone-300 font-semibold hover:bg-stone-50",
} as const;

const BUTTON_SIZES = {
  /** A form's own button: 44 px high, the size a thumb hits. */
  form: "h-11 px-5",
  /** A call to action under a message ("Back to the hunt"). */
  cta: "inline-flex px-5 py-2.5",
  /** Sized by the caller (a grid cell, a full-width row). */
  none: "",
} as const;

export type ButtonLook = keyof typeof BUTTON_LOOKS;

/** The class string of a button (or of a link that looks like one); `extra` places it (margins, width). */
export function buttonClass(look: ButtonLook = "primary", size: keyof typeof BUTTON_SIZES = "form", extra = ""): string {
  return [extra, BUTTON_SIZES[size], BUTTON_LOOKS[look]].filter(Boolean).join(" ");
}

/** A link beside a form's button that leads away (Cancel): the button's size, a quieter look. */
export const secondaryLinkClass = buttonClass("secondary", "form", "inline-flex items-center");

export function Button({
  look = "primary",
  size = "form",
  className,
  type = "submit",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { look?: ButtonLook; size?: keyof typeof BUTTON_SIZES }) {
  return <button type={type} className={buttonClass(look, size, className)} {...props} />;
}

export const fieldClass = "mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-base aria-[invalid=true]:border-red-500";
export const labelClass = "block text-sm font-semibold text-stone-800";

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

type Control =
  | ({ as?: "input" } & InputHTMLAttributes<HTMLInputElement>)
  | ({ as: "textarea" } & TextareaHTMLAttributes<HTMLTextAreaElement>);

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
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const wired = {
    id,
    ...hints,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
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
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function withoutAs<T extends { as?: unknown }>({ as: _as, ...rest }: T): Omit<T, "as"> {
  return rest;
}
