import type { ButtonHTMLAttributes } from "react";

/*
 * The button looks every form and error page uses. Bundled into the chunk
 * every page loads (vite.config.ts, ROOT_SHARED), not a chunk of its own
 * (docs/decisions/012-form-parts.md).
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
