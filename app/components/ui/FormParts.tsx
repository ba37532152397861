import { Button, secondaryLinkClass } from "~/components/ui/Button";

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
  return (
    <div className="flex flex-wrap gap-3">
      <Button disabled={disabled}>{label}</Button>
      <a href={back} className={secondaryLinkClass}>
        Cancel
      </a>
    </div>
  );
}
