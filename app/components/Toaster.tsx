import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type Toast, type ToastInput } from "~/lib/toast";
import { CloseIcon } from "./ui/icons";
import { useT } from "./i18n";

type ShowToast = (toast: ToastInput) => void;

const ToastContext = createContext<ShowToast>(() => undefined);

/** Shows a toast from client code (share, like failures, sign-in gate...). */
export function useToast(): ShowToast {
  return useContext(ToastContext);
}

let counter = 0;

/**
 * The notification area: one toast at a time, 5 s each, swipe right to
 * dismiss, F8 moves focus here. Server flashes render as plain HTML, so they
 * are seen without JavaScript too.
 */
export function ToastProvider({ flash, children }: { flash: Toast | null; children: React.ReactNode }) {
  const t = useT();
  const [current, setCurrent] = useState<Toast | null>(flash);
  const [hydrated, setHydrated] = useState(false);
  const regionRef = useRef<HTMLOListElement>(null);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (flash) setCurrent(flash);
  }, [flash]);

  const show = useCallback<ShowToast>((input) => {
    setCurrent({ variant: "default", ...input, id: input.id ?? `client-${++counter}` });
  }, []);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === "F8") {
        event.preventDefault();
        regionRef.current?.focus();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <section
        aria-label={t("Notifications (F8)")}
        className="pointer-events-none fixed inset-x-0 top-3 z-[100] flex justify-center px-3 sm:inset-x-auto sm:end-4 sm:top-auto sm:bottom-4"
      >
        <ol ref={regionRef} tabIndex={-1} className="flex w-full max-w-sm flex-col gap-2 outline-none" data-testid="toast-region">
          {current ? <ToastItem key={current.id} toast={current} hydrated={hydrated} onDismiss={() => setCurrent(null)} /> : null}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, hydrated, onDismiss }: { toast: Toast; hydrated: boolean; onDismiss: () => void }) {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (!hydrated || paused) return;
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [hydrated, paused, onDismiss]);

  const tone =
    toast.variant === "destructive"
      ? "border-red-300 bg-red-600 text-white"
      : toast.variant === "success"
        ? "border-emerald-200 bg-white text-stone-900"
        : "border-stone-200 bg-white text-stone-900";

  // The live-region role sits inside the list item: an <li> with another role is no longer a list item.
  return (
    // Without JavaScript nothing can dismiss the toast, so CSS hides it after its time (toast-expires, app/tailwind.css).
    <li className={hydrated ? "pointer-events-auto" : "toast-expires pointer-events-auto"}>
      <div
        role={toast.variant === "destructive" ? "alert" : "status"}
        aria-atomic="true"
        data-testid="toast"
        className={`relative flex touch-pan-y items-start gap-3 rounded-xl border p-4 pe-10 shadow-lg transition-transform ${tone}`}
        style={offset ? { transform: `translateX(${offset}px)`, transition: "none" } : undefined}
        onPointerDown={(e) => {
          start.current = e.clientX;
          setPaused(true);
        }}
        onPointerMove={(e) => {
          if (start.current !== null) setOffset(Math.max(0, e.clientX - start.current));
        }}
        onPointerUp={() => {
          if (offset >= TOAST_SWIPE_THRESHOLD_PX) onDismiss();
          start.current = null;
          setOffset(0);
          setPaused(false);
        }}
        onPointerCancel={() => {
          start.current = null;
          setOffset(0);
          setPaused(false);
        }}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
      >
        <div className="min-w-0">
          <p className="text-sm font-semibold">{toast.title}</p>
          {toast.description ? (
            <p className={`mt-0.5 text-sm ${toast.variant === "destructive" ? "text-red-50" : "text-stone-600"}`}>{toast.description}</p>
          ) : null}
        </div>
        {hydrated ? (
          <button
            type="button"
            onClick={onDismiss}
            className="absolute end-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100"
            aria-label={t("Dismiss notification")}
          >
            <CloseIcon className="h-4 w-4" />
          </button>
        ) : null}
      </div>
    </li>
  );
}
