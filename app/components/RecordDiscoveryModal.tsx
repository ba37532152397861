import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { CloseIcon, PlusIcon } from "./ui/icons";
import { useT } from "./i18n";

// The form (photo preparation, upload, location) is fetched when a hunter
// reaches for the button, not with every Jimmy page: most visitors only look.
// Through the report pages' module, so the dialog and those pages share one file.
const loadDiscoveryForm = () => import("./ReportDiscoveryPage");
const DiscoveryForm = lazy(() => loadDiscoveryForm().then((module) => ({ default: module.DiscoveryForm })));

/**
 * The Jimmy page's 'Add Your Discovery' button and its 'Record Your
 * Discovery' dialog (JavaScript only; without it the button is a link to the
 * new-discovery page). It posts to the new-discovery action; on success the
 * form resets, the page's data reloads with the new discovery and the dialog
 * closes.
 */
export function RecordDiscoveryModal({ serialNumber, buttonClassName }: { serialNumber: number; buttonClassName: string }) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = useCallback(() => setOpen(false), []);
  // One idempotency key per opening: the form inside is mounted afresh each time, for one report.
  const [reportKey, setReportKey] = useState("");

  return (
    <>
      <button
        type="button"
        onClick={() => {
          // None on an insecure origin (no randomUUID): the server then takes the report as it comes.
          setReportKey(crypto.randomUUID?.() ?? "");
          setOpen(true);
        }}
        onPointerEnter={loadDiscoveryForm}
        onFocus={loadDiscoveryForm}
        className={buttonClassName}
        aria-haspopup="dialog"
      >
        <PlusIcon className="h-5 w-5" />
        {t("Add Your Discovery")}
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby="record-discovery-title"
        onClose={close}
        className="m-auto max-h-[calc(100dvh-1.5rem)] w-[min(36rem,calc(100vw-1.5rem))] max-w-none overflow-hidden rounded-3xl bg-white p-0 shadow-2xl backdrop:bg-black/60"
      >
        {/*
          The dialog never outgrows the screen: its content scrolls inside, and the form's buttons stick to its foot
          (no bottom padding here, so they sit flush). A field scrolled or tabbed to stops above them (scroll padding).
        */}
        <div className="max-h-[calc(100dvh-1.5rem)] scroll-pb-28 overflow-y-auto px-6 pt-6 sm:px-8 sm:pt-8">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id="record-discovery-title" className="text-2xl font-extrabold tracking-tight">
                {t("Record Your Discovery")}
              </h2>
              <p className="mt-1 text-stone-600">
                {t("Jimmy #{serial} is on the move. Where did you find him?", { serial: String(serialNumber) })}
              </p>
            </div>
            <button type="button" onClick={close} aria-label={t("Close")} className="rounded-full p-2 text-stone-600 hover:bg-stone-100">
              <CloseIcon className="h-5 w-5" />
            </button>
          </div>
          <div className="mt-6">
            {/* Mounted only while open, so a reopened dialog starts afresh after a cancel. */}
            {open ? (
              <Suspense fallback={<p className="py-8 text-center text-stone-600">{t("Loading the form…")}</p>}>
                <DiscoveryForm
                  kind="modal"
                  idempotencyKey={reportKey}
                  action={`/jimmy/${serialNumber}/new-discovery`}
                  draftKey={`report:new:${serialNumber}`}
                  submitLabel={t("Record Discovery")}
                  onSuccess={close}
                  secondaryAction={
                    <button
                      type="button"
                      onClick={close}
                      className="rounded-full border border-stone-300 bg-white px-5 py-3 font-semibold text-stone-800 hover:bg-stone-50"
                    >
                      {t("Cancel")}
                    </button>
                  }
                />
              </Suspense>
            ) : null}
          </div>
        </div>
      </dialog>
    </>
  );
}
