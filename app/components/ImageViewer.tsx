import { useEffect, useRef } from "react";
import { useT } from "./i18n";
import { CloseIcon } from "./ui/icons";

/**
 * The full-size photo viewer (SPEC.md §2): a modal dialog titled
 * 'Discovery Image Viewer'. The close button, a click on the image and Esc
 * close it; focus stays inside while open and returns where it was.
 */
export function ImageViewer({ open, src, alt, onClose }: { open: boolean; src: string; alt: string; onClose: () => void }) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="image-viewer-title"
      className="m-auto max-h-none max-w-none bg-transparent p-0 backdrop:bg-black/85 open:flex"
      onClose={() => {
        onClose();
        const target = returnFocusTo.current;
        if (target instanceof HTMLElement) target.focus();
      }}
      onClick={(event) => {
        // A click on the backdrop (outside the content) closes too.
        if (event.target === dialogRef.current) dialogRef.current?.close();
      }}
    >
      <h2 id="image-viewer-title" className="sr-only">
        {t("Discovery Image Viewer")}
      </h2>
      <div className="relative flex h-[100dvh] w-screen items-center justify-center p-4">
        {open ? (
          // The close button is the keyboard route; a click on the image is a shortcut for pointers.
          <img
            src={src}
            alt={alt}
            onClick={() => dialogRef.current?.close()}
            className="max-h-[92dvh] max-w-[94vw] cursor-zoom-out rounded-lg object-contain shadow-2xl"
          />
        ) : null}
        <button
          type="button"
          autoFocus
          onClick={() => dialogRef.current?.close()}
          className="absolute end-4 top-4 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow-lg hover:bg-white"
          aria-label={t("Close")}
        >
          <CloseIcon className="h-6 w-6" />
        </button>
      </div>
    </dialog>
  );
}
