/*
 * The parts every field is wired from: its label's look, its error, and the
 * ids its control names in aria-describedby. `Field` (../forms.tsx) puts them
 * around a plain control; the report and comment forms put them around
 * controls that do more (a photo with its preview, a place with the device's
 * position, a character count). Bundled with the report forms' error page,
 * into a file the report pages and the Jimmy page load anyway (vite.config.ts).
 */

export const labelClass = "block text-sm font-semibold text-stone-800";

/** What a control's aria-describedby names: its hint (`${id}-hint`) when it has one, its error (`${id}-error`) while there is one. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

/** A field's error under its control, as `${id}-error`; `announce`: read out as it appears (an error the browser found). */
export function FieldError({ id, message, announce }: { id: string; message: string | undefined; announce?: boolean }) {
  return message ? (
    <p id={`${id}-error`} role={announce ? "alert" : undefined} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}
