import { useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { Button, secondaryLinkClass } from "~/components/ui/Button";
import { useT } from "~/components/i18n";

/** What the server said about a form as a whole (not one field), read out at once; nothing when it said nothing. */
export function FormAlert({ message, className = "mt-4" }: { message: string | undefined; className?: string }) {
  return message ? (
    <p role="alert" className={`${className} rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800`}>
      {message}
    </p>
  ) : null;
}

/** A page form's send button, and a plain link back to where the hunter came from. */
export function SendOrCancel({ label, disabled, back }: { label: string; disabled: boolean; back: string }) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-3">
      <Button disabled={disabled}>{label}</Button>
      <a href={back} className={secondaryLinkClass}>
        {t("Cancel")}
      </a>
    </div>
  );
}

/**
 * An admin page's two equal buttons: the form's action (red for what cannot
 * be undone), busy while a request is under way, and Cancel back to `back`.
 */
export function ConfirmOrCancel({ children, tone, back }: { children: React.ReactNode; tone: "danger" | "primary"; back: string }) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <button
        type="submit"
        disabled={busy}
        className={`h-11 flex-1 rounded-full font-semibold text-white disabled:opacity-60 ${tone === "danger" ? "bg-red-700 hover:bg-red-800" : "bg-orange-700 hover:bg-orange-800"}`}
      >
        {children}
      </button>
      <Link
        to={back}
        className="h-11 flex-1 rounded-full border border-stone-300 text-center leading-[2.75rem] font-semibold hover:bg-stone-50"
      >
        {t("Cancel")}
      </Link>
    </>
  );
}
