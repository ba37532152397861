/**
 * Keeps what a hunter enters in a form as a draft on the device and offers it
 * back (issue 19): a "Draft restored · Discard" line. Loaded lazily, a moment
 * after the page is interactive, so it costs the page's first load nothing.
 */
import { useEffect, useState } from "react";
import { discardDraft, keepDraft } from "~/browser/drafts";
import { useT } from "./i18n";

export default function DraftRestore({
  draftKey,
  form,
  fields,
  photoInput,
  hunter,
  onRestore,
  onDiscard,
}: {
  draftKey: string;
  form: HTMLFormElement;
  fields: string[];
  photoInput?: HTMLInputElement | null;
  /** The hunter filling the form in, for a draft that is theirs alone (a report's). */
  hunter?: string;
  /** Puts the kept values where the form keeps them in state (the fields' own values are set already). */
  onRestore: (text: Record<string, string>, photo: File | null) => void;
  onDiscard: () => void;
}) {
  const t = useT();
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void keepDraft(draftKey, form, fields, photoInput, hunter).then((kept) => {
      stop = kept.stop;
      if (cancelled) return kept.stop();
      // Tests (and anyone curious) can tell the draft keeper has looked at the form.
      form.dataset.draft = "kept";
      if (!kept.text || !Object.values(kept.text).some((value) => value.trim())) return;
      for (const name of fields) {
        const field = form.elements.namedItem(name);
        if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && kept.text[name] !== undefined)
          field.value = kept.text[name]!;
      }
      onRestore(kept.text, kept.photo);
      setRestored(true);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
    // Restored once per form and key; the callbacks may change with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey, form, hunter]);
  if (!restored) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="draft-restored">
      {t("Draft restored: not sent yet ·")}
      <button
        type="button"
        onClick={() => {
          void discardDraft(draftKey);
          form.reset();
          onDiscard();
          setRestored(false);
        }}
        className="font-semibold underline hover:text-amber-800"
      >
        {t("Discard")}
      </button>
    </p>
  );
}
