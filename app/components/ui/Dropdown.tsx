import { useEffect, useRef } from "react";
import { useT } from "~/components/i18n";

/**
 * A menu built on <details>, so it opens and closes without JavaScript; with
 * JavaScript it also closes on Escape, on a click outside and after a choice.
 */
export function Dropdown({
  summary,
  summaryLabel,
  summaryClassName,
  children,
  align = "right",
  placement = "below",
  className = "",
}: {
  summary: React.ReactNode;
  summaryLabel: string;
  summaryClassName: string;
  children: React.ReactNode;
  align?: "left" | "right";
  placement?: "below" | "above";
  className?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    function onDocumentClick(event: MouseEvent) {
      if (details && details.open && !details.contains(event.target as Node)) details.open = false;
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape" && details?.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    }
    document.addEventListener("click", onDocumentClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onDocumentClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return (
    <details ref={ref} className={`group relative ${className}`}>
      <summary
        aria-label={summaryLabel}
        title={summaryLabel}
        className={`list-none [&::-webkit-details-marker]:hidden ${summaryClassName}`}
      >
        {summary}
      </summary>
      <div
        className={`absolute z-50 min-w-56 rounded-xl border border-stone-200 bg-white p-1.5 text-stone-800 shadow-xl ${
          align === "right" ? "end-0" : "start-0"
        } ${placement === "below" ? "top-full mt-2" : "bottom-full mb-2"}`}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest("a") && ref.current) ref.current.open = false;
        }}
      >
        {children}
      </div>
    </details>
  );
}

export function DropdownLink({
  href,
  external,
  icon,
  children,
}: {
  href: string;
  external?: boolean;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  const t = useT();
  return (
    <a
      href={href}
      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium hover:bg-orange-50 focus-visible:bg-orange-50"
    >
      <span className="text-orange-600">{icon}</span>
      <span>{children}</span>
      {external ? <span className="sr-only"> {t("(opens in a new tab)")}</span> : null}
    </a>
  );
}
