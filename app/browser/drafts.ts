/**
 * Unsent drafts kept on the device (issue 19): the text of a report or a
 * comment in localStorage, a report's chosen photo in IndexedDB (too big for
 * localStorage). Loaded after the page is interactive, never with it.
 * Everything here fails quietly: a browser without storage (private mode,
 * full disk) simply keeps no draft.
 *
 * A draft kept for a hunter (a report's: its photo, caption and code) names
 * them, and is offered back to them alone: on a device shared by two hunters
 * the other one's form neither shows it nor sends its photo, and leaves it as
 * it is until they write a draft of their own in that form.
 */

import { objectStore } from "./idb-store";

export type DraftText = Record<string, string>;
export type DraftPhoto = { blob: Blob; name: string; type: string };

const DATABASE = "jimmy-hunt-drafts";
const STORE = "photos";
const DRAFT_PREFIX = "jimmy-hunt:draft:";
/** The draft text's entry naming the hunter it was kept for. */
const DRAFT_HUNTER = "hunter";

const withStore = objectStore({ name: DATABASE, store: STORE, what: "drafts' photos" });

function storageKey(key: string): string {
  return `${DRAFT_PREFIX}${key}`;
}

/** The draft's text, or null when there is none (or only blanks). */
export function readDraftText(key: string): DraftText | null {
  try {
    const raw = localStorage.getItem(storageKey(key));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return null;
    const text: DraftText = {};
    for (const [name, value] of Object.entries(parsed)) if (typeof value === "string") text[name] = value;
    return text;
  } catch {
    return null;
  }
}

/** Saves the text; all-blank text removes the draft's text. */
export function saveDraftText(key: string, text: DraftText) {
  try {
    if (Object.values(text).every((value) => !value.trim())) localStorage.removeItem(storageKey(key));
    else localStorage.setItem(storageKey(key), JSON.stringify(text));
  } catch {
    // No storage, no draft.
  }
}

export async function readDraftPhoto(key: string): Promise<DraftPhoto | null> {
  try {
    const found = await withStore<unknown>("readonly", (store) => store.get(key));
    if (typeof found !== "object" || found === null || !("blob" in found) || !(found.blob instanceof Blob)) return null;
    return found as DraftPhoto;
  } catch {
    return null;
  }
}

export async function saveDraftPhoto(key: string, photo: DraftPhoto | null) {
  try {
    if (photo) await withStore("readwrite", (store) => store.put(photo, key));
    else await withStore("readwrite", (store) => store.delete(key));
  } catch {
    // No storage, no draft.
  }
}

/** Forgets a draft entirely: after it was sent, or when the hunter discards it. */
export async function discardDraft(key: string) {
  try {
    localStorage.removeItem(storageKey(key));
  } catch {
    // Nothing stored.
  }
  await saveDraftPhoto(key, null);
}

/**
 * A photo whose text is gone (storage cleared in part, a quota eviction) is
 * forgotten the next time drafts are read.
 */
export async function forgetOrphanedPhotos() {
  try {
    const keys = await withStore<IDBValidKey[]>("readonly", (store) => store.getAllKeys());
    for (const key of keys) {
      if (typeof key === "string" && localStorage.getItem(storageKey(key)) === null) await saveDraftPhoto(key, null);
    }
  } catch {
    // Nothing stored.
  }
}

/**
 * Keeps `fields` of `form` (and the photo chosen in `photoInput`) as the
 * draft `key` from now on, whenever the hunter types, picks or the page
 * fills them in. Answers what was kept before, for the form to put back.
 */
/** Whether the hunter has typed in any of the draft's fields or chosen a photo since the page opened. */
function startedFilling(form: HTMLFormElement, fields: string[], photoInput?: HTMLInputElement | null): boolean {
  if (photoInput?.files?.length) return true;
  const values = new FormData(form);
  return fields.some((name) => String(values.get(name) ?? "").trim() !== "");
}

export async function keepDraft(
  key: string,
  form: HTMLFormElement,
  fields: string[],
  photoInput?: HTMLInputElement | null,
  /** The hunter filling the form in (their id), for a draft that is theirs alone. */
  hunter?: string,
): Promise<{ text: DraftText | null; photo: File | null; stop: () => void }> {
  await forgetOrphanedPhotos();
  /** Whether the draft kept under `key` is another hunter's. */
  const anothers = () => {
    const kept = readDraftText(key);
    return hunter !== undefined && kept !== null && kept[DRAFT_HUNTER] !== hunter;
  };
  const saved = anothers() ? null : readDraftText(key);
  const stored = saved?.photo && photoInput ? await readDraftPhoto(key) : null;
  // A form the hunter has already started is theirs: what they typed or chose since the page opened
  // is never replaced by an older draft; it becomes the draft instead. (Checked after the last wait:
  // nothing the hunter does can come between this and the caller putting the draft back.)
  const started = startedFilling(form, fields, photoInput);
  const text = started ? null : saved;
  const photo = stored && !started ? new File([stored.blob], stored.name, { type: stored.type }) : null;
  if (photo && photoInput) {
    const files = new DataTransfer();
    files.items.add(photo);
    photoInput.files = files.files;
  }
  let photoName = photo?.name ?? "";
  const save = () => {
    const values = new FormData(form);
    const next: DraftText = {};
    for (const name of fields) next[name] = String(values.get(name) ?? "");
    const blank = !photoName && Object.values(next).every((value) => !value.trim());
    // An empty form of this hunter's leaves another hunter's draft alone; what they write replaces it.
    if (blank && anothers()) return;
    if (blank) return saveDraftText(key, next);
    saveDraftText(key, {
      ...next,
      ...(photoName ? { photo: photoName } : {}),
      ...(hunter !== undefined ? { [DRAFT_HUNTER]: hunter } : {}),
    });
  };
  const onChange = (event: Event) => {
    if (event.target === photoInput && photoInput) {
      const file = photoInput.files?.[0];
      photoName = file?.name ?? "";
      if (file || !anothers()) void saveDraftPhoto(key, file ? { blob: file, name: file.name, type: file.type } : null);
    }
    save();
  };
  // Coordinates arrive in hidden fields, set by the page rather than typed.
  const observer = new MutationObserver(save);
  observer.observe(form, { subtree: true, attributes: true, attributeFilter: ["value"] });
  // A reset form (Discard, or a report sent) has no photo any more: the draft forgets it too.
  const onReset = () =>
    window.setTimeout(() => {
      photoName = "";
      if (anothers()) return;
      void saveDraftPhoto(key, null);
      save();
    });
  form.addEventListener("input", onChange);
  form.addEventListener("change", onChange);
  form.addEventListener("reset", onReset);
  if (started) {
    const chosen = photoInput?.files?.[0];
    photoName = chosen?.name ?? "";
    void saveDraftPhoto(key, chosen ? { blob: chosen, name: chosen.name, type: chosen.type } : null);
    save();
  }
  return {
    text,
    photo,
    stop: () => {
      observer.disconnect();
      form.removeEventListener("input", onChange);
      form.removeEventListener("change", onChange);
      form.removeEventListener("reset", onReset);
    },
  };
}
