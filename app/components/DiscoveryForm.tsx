import {
  LOCATION_PRECISIONS,
  positionRadius,
  positionText,
  PRECISION_LABELS,
  publishedPosition,
  type LocationPrecision,
} from "~/lib/location-precision";
import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { formatCoordinates } from "~/lib/format";
import type { PreparedReport } from "~/browser/report-send";
import {
  CHECK_CODE_REQUIRED_TEXT,
  HUNTER_FIELD,
  LOCATION_REQUIRED_TEXT,
  MAX_CAPTION_LENGTH,
  MAX_LOCATION_LENGTH,
  PHOTO_REQUIRED_TEXT,
  PHOTO_REQUIRED_TITLE,
  type ReportActionResult,
  type ReportFormFields,
  type ReportFormKind,
} from "~/lib/report-form";
import { isTransportFailure, type TransportFailure } from "~/lib/transport";
import { FILE_TOO_LARGE_TEXT, MAX_UPLOAD_BYTES } from "~/lib/uploads";
import { fullName } from "~/lib/format";
import { useRootData } from "./root-data";
import { useToast } from "./Toaster";
import { describedBy, FieldError } from "./ui/field-parts";
import { CameraIcon, LocateIcon, PinIcon, SpinnerIcon } from "./ui/icons";
import { useHydrated } from "./useHydrated";
import { type T, useT } from "./i18n";
import { msg } from "~/lib/language";

type Position = { latitude: number; longitude: number };

/** A captured position as it will be published: rounded, and said so, at about 1 km. */
function publishedText(position: Position, precision: LocationPrecision, t: T): string {
  const { latitude, longitude } = publishedPosition(position, precision);
  return positionText(latitude, longitude, positionRadius(precision), 4, t);
}

/** Drafts load a moment after the page is interactive, not with it (the page's first-load JavaScript is budgeted). */
const loadDrafts = () => import("~/browser/drafts");
const DraftRestore = lazy(() => import("./DraftRestore"));
type Phase =
  | { step: "idle" }
  | { step: "locating" }
  | { step: "preparing" }
  | { step: "uploading"; progress: number; retry: number }
  | { step: "saving" };
type Errors = Partial<Record<ReportFormFields, string>>;

const OUTBOX_SAVED_TEXT = msg("Saved to your outbox — it will be sent when you're back online.");

/** How the summary above a refused form names each field (its label). */
const FIELD_NAMES: Record<ReportFormFields, string> = {
  checkCode: msg("Code on the label"),
  photo: msg("Photo"),
  caption: msg("Caption"),
  location: msg("Location"),
};

/** The photo code (EXIF, downscaling, upload) loads when a photo is chosen, not with the page. */
const loadPhotoUpload = () => import("~/browser/photo-upload");
/** Sending (upload, outbox) loads once the hunter starts filling the form in. */
const loadReportSend = () => import("~/browser/report-send");

function positionFrom(latitude: string | undefined, longitude: string | undefined): Position | null {
  if (!latitude || !longitude) return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { latitude: lat, longitude: lng } : null;
}

/**
 * The discovery form shared by the first-discovery page, the new-discovery
 * page and the Jimmy page's modal. Without JavaScript it is a plain multipart
 * form post. With JavaScript it validates first, asks for the device location
 * when none is given, downscales the photo, uploads it straight to storage
 * with a progress bar, then submits the report with the temporary key.
 */
export function DiscoveryForm({
  kind,
  action,
  draftKey,
  submitLabel,
  idempotencyKey,
  proof: scanProof = "",
  proofRefusal = null,
  codeExempt = false,
  result,
  onSuccess,
  secondaryAction,
  children,
}: {
  kind: ReportFormKind;
  action: string;
  /** Where what the hunter enters is kept on the device until it is sent or discarded: one per form and Jimmy ("report:new:12"); the dialog and the new-discovery page share theirs. */
  draftKey: string;
  submitLabel: string;
  /**
   * This report's idempotency key: from the page's loader, so a post without
   * JavaScript carries it too, or made by the modal as it opens. A form is
   * mounted for one report (success navigates away or closes the modal).
   */
  idempotencyKey: string;
  /** A scan proof of possession from /q/… or /scan; without one the form asks for the label's code. */
  proof?: string;
  /** Why the scan proof the hunter came with does not hold (expired, used): said beside the code field. */
  proofRefusal?: string | null;
  /** An admin reports without the code. */
  codeExempt?: boolean;
  /** The action's answer to a form posted without JavaScript. */
  result?: ReportActionResult;
  onSuccess?: () => void;
  /** A button next to submit (the modal's Cancel). */
  secondaryAction?: React.ReactNode;
  /** Shown between the fields and the buttons. */
  children?: React.ReactNode;
}) {
  const fetcher = useFetcher<ReportActionResult | TransportFailure>();
  const t = useT();
  const hydrated = useHydrated();
  const showToast = useToast();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const photoRef = useRef<HTMLInputElement>(null);
  const locationRef = useRef<HTMLInputElement>(null);
  // The hunter filling the form in: the report, its draft and its place in the outbox are theirs alone.
  const user = useRootData()?.user ?? null;
  const hunterId = user ? String(user.id) : null;
  const hunterName = user ? fullName(user.firstName, user.lastName) : "";
  const hunter = useMemo(() => (hunterId ? { id: hunterId, name: hunterName } : null), [hunterId, hunterName]);

  const answer = isTransportFailure(fetcher.data) ? undefined : (fetcher.data ?? result);
  const failed = answer && !answer.ok ? answer : null;
  const [errors, setErrors] = useState<Errors>(failed?.fieldErrors ?? (proofRefusal ? { checkCode: proofRefusal } : {}));
  const [formError, setFormError] = useState<string | null>(failed?.formError ?? null);
  const [location, setLocation] = useState(failed?.values.location ?? "");
  // The form the draft keeper is given, a moment after the page is interactive; a new round after a send.
  const [draftForm, setDraftForm] = useState<HTMLFormElement | null>(null);
  const [draftRound, setDraftRound] = useState(0);
  const [position, setPosition] = useState<Position | null>(positionFrom(failed?.values.latitude, failed?.values.longitude));
  const [precision, setPrecision] = useState<LocationPrecision>(failed?.values.precision ?? "exact");
  const [keptUpload, setKeptUpload] = useState(failed?.values.tempPath ?? "");
  const [proof, setProof] = useState(failed ? failed.values.proof : scanProof);
  const [locationRequired, setLocationRequired] = useState(false);
  const [photoGps, setPhotoGps] = useState<Position | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: "idle" });
  // Kept as first given, also when the loader runs again: a retry must resend the same key.
  const [reportKey, setReportKey] = useState(idempotencyKey);
  const [queued, setQueued] = useState(false);
  // This report's copy waits in the outbox (its answer was lost): a retry by hand that lands takes it out.
  const inOutbox = useRef(false);
  const busy = phase.step !== "idle" || fetcher.state !== "idle";
  // Set at once, where `busy` waits for the next render: a second tap on a busy phone arrives before that render.
  const sending = useRef(false);

  const showPhoto = useCallback(async (file: File | null) => {
    setPhotoGps(null);
    setPreview(file && file.type.startsWith("image/") && !/svg/.test(file.type) ? URL.createObjectURL(file) : null);
    if (!file || file.size > MAX_UPLOAD_BYTES) return;
    setPhotoGps(await (await loadPhotoUpload()).photoPosition(file));
  }, []);

  useEffect(() => {
    // A page answered without JavaScript has its own values: the draft is for the enhanced form.
    if (result) return;
    const timer = window.setTimeout(() => setDraftForm(formRef.current), 1000);
    return () => window.clearTimeout(timer);
  }, [result]);
  const forgetDraft = useCallback(() => {
    void loadDrafts()
      .then((drafts) => drafts.discardDraft(draftKey))
      .then(() => setDraftRound((round) => round + 1));
  }, [draftKey]);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const handled = useRef<unknown>(null);
  /** The report as last posted, for the outbox should its answer be lost. */
  const lastSent = useRef<{ body: FormData; tempPath: string } | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    setPhase({ step: "idle" });
    const data = fetcher.data;
    if (isTransportFailure(data)) {
      // The form stays as it is for a retry by hand; the outbox sends it by itself once the connection is back.
      const sent = lastSent.current;
      void loadReportSend().then(async ({ lostReportText, queueLostReport }) => {
        const message = t(lostReportText(data.offline));
        setFormError(message);
        showToast({ title: t("Failed to submit discovery"), description: message, variant: "destructive" });
        if (!sent) return;
        await queueLostReport({ action, kind, hunter, ...sent });
        // The outbox holds it now: a draft offered again later would be a second report.
        forgetDraft();
        inOutbox.current = true;
        setQueued(true);
      });
      return;
    }
    if (data.ok) {
      forgetDraft();
      // Sent again by hand after its answer was lost: the outbox need not send it.
      if (inOutbox.current) void import("~/browser/outbox").then((outbox) => outbox.discardReport(reportKey));
      inOutbox.current = false;
      setQueued(false);
      formRef.current?.reset();
      setErrors({});
      setFormError(null);
      setLocation("");
      setPosition(null);
      setPhotoGps(null);
      setPreview(null);
      setKeptUpload("");
      setLocationRequired(false);
      onSuccess?.();
      return;
    }
    setErrors(data.fieldErrors);
    setFormError(data.formError);
    setKeptUpload(data.values.tempPath);
    setProof(data.values.proof);
    const message =
      data.formError ??
      data.fieldErrors.checkCode ??
      data.fieldErrors.photo ??
      data.fieldErrors.location ??
      data.fieldErrors.caption ??
      t("Please check the form.");
    showToast({ title: t("Failed to submit discovery"), description: message, variant: "destructive" });
  }, [fetcher.state, fetcher.data, onSuccess, showToast, forgetDraft, reportKey, action, kind, hunter, t]);

  // A save can also end with no answer at all: its redirect overtaken by another load of the page's data
  // (the outbox sending this very report, say). The form must not stay "saving" for ever.
  useEffect(() => {
    if (fetcher.state !== "idle" || phase.step !== "saving") return;
    sending.current = false;
    setPhase({ step: "idle" });
  }, [fetcher.state, phase.step]);

  const fieldId = (name: string) => `${id}-${name}`;

  const onPhotoChange = useCallback(
    async (event: React.ChangeEvent<HTMLInputElement>) => {
      const file = event.currentTarget.files?.[0] ?? null;
      setErrors((current) => ({ ...current, photo: undefined }));
      if (file && file.size > MAX_UPLOAD_BYTES) {
        setErrors((current) => ({ ...current, photo: t(FILE_TOO_LARGE_TEXT) }));
        setPreview(null);
        return;
      }
      if (file) setKeptUpload("");
      await showPhoto(file);
    },
    [showPhoto, t],
  );

  async function findLocation(): Promise<Position | null> {
    const found = await loadReportSend().then(
      ({ locate }) => locate(),
      // Without the code (the connection dropped before it loaded) there is no position to be had.
      () => ({ cannot: { title: msg("Location not available"), description: msg("Please enter your location manually") } }),
    );
    if ("cannot" in found) {
      showToast({ title: t(found.cannot.title), description: t(found.cannot.description), variant: "destructive" });
      setLocationRequired(true);
      return null;
    }
    setPosition(found);
    setErrors((current) => ({ ...current, location: undefined }));
    return found;
  }

  async function captureCurrentLocation() {
    setPhase({ step: "locating" });
    const found = await findLocation();
    setPhase({ step: "idle" });
    if (found) showToast({ title: t("Location captured!"), description: t("Your current location has been detected"), variant: "success" });
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || sending.current) return;
    sending.current = true;
    // Until the post is handed to the fetcher; from then on, until it settles (the effect above).
    let posted = false;
    try {
      posted = await send(event.currentTarget);
    } finally {
      if (!posted) sending.current = false;
    }
  }

  /** Checks, uploads and posts the report, or queues it; true once the post is handed to the fetcher. */
  async function send(form: HTMLFormElement): Promise<boolean> {
    const file = photoRef.current?.files?.[0] ?? null;
    setFormError(null);
    setQueued(false);

    if (!proof && !codeExempt && !String(new FormData(form).get("checkCode") ?? "").trim()) {
      setErrors({ checkCode: t(CHECK_CODE_REQUIRED_TEXT) });
      form.querySelector<HTMLInputElement>("[name=checkCode]")?.focus();
      return false;
    }
    if (!file && !keptUpload) {
      setErrors({ photo: t(PHOTO_REQUIRED_TEXT[kind]) });
      showToast({ title: t(PHOTO_REQUIRED_TITLE), description: t(PHOTO_REQUIRED_TEXT[kind]), variant: "destructive" });
      photoRef.current?.focus();
      return false;
    }
    if (file && file.size > MAX_UPLOAD_BYTES) {
      setErrors({ photo: t(FILE_TOO_LARGE_TEXT) });
      showToast({ title: t("File too large"), description: t("Please select an image smaller than 10MB"), variant: "destructive" });
      photoRef.current?.focus();
      return false;
    }

    let coordinates = position;
    if (!location.trim() && !coordinates) {
      if (locationRequired) {
        setErrors({ location: t(LOCATION_REQUIRED_TEXT) });
        locationRef.current?.focus();
        return false;
      }
      // SPEC.md §4: ask the device first and carry on as soon as it answers.
      setPhase({ step: "locating" });
      coordinates = await findLocation();
      if (!coordinates) {
        setPhase({ step: "idle" });
        setErrors({ location: t(LOCATION_REQUIRED_TEXT) });
        locationRef.current?.focus();
        return false;
      }
    }
    setErrors({});

    let sent: PreparedReport;
    try {
      const { prepareReport } = await loadReportSend();
      sent = await prepareReport({
        form,
        file: keptUpload ? null : file,
        tempPath: keptUpload,
        coordinates,
        action,
        kind,
        hunter,
        onStep: setPhase,
      });
    } catch {
      // The sending code could not load (the connection dropped first) or the outbox could not be written.
      sent = { outcome: "failed", message: msg("Your discovery could not be sent. Please check your connection and try again.") };
    }
    if (sent.outcome === "failed") {
      setPhase({ step: "idle" });
      const message = t(sent.message);
      setErrors({ photo: message });
      showToast({ title: t("Upload failed"), description: message, variant: "destructive" });
      return false;
    }
    if (sent.outcome === "queued") {
      // Offline, or the upload could not get through: the report waits on the device and is sent when the connection returns.
      forgetDraft();
      setPhase({ step: "idle" });
      form.reset();
      setLocation("");
      setPosition(null);
      setPhotoGps(null);
      setPreview(null);
      setKeptUpload("");
      // The outbox holds that report under this key: another one from this form is a new report.
      setReportKey(crypto.randomUUID?.() ?? "");
      setQueued(true);
      showToast({ title: t("Saved to your outbox"), description: t(OUTBOX_SAVED_TEXT), variant: "success" });
      if (kind === "modal") onSuccess?.();
      return false;
    }
    lastSent.current = { body: sent.body, tempPath: sent.tempPath };
    setPhase({ step: "saving" });
    fetcher.submit(sent.body, { method: "post", action, encType: "multipart/form-data" });
    return true;
  }

  const photoError = errors.photo;
  // A page answered without JavaScript opens at its top, where the form starts: what to fix is named there, whichever fields are
  // further down. (Not a fragment in the action: a browser keeps it through the success redirect, which has none of its own.)
  const refusedFields = result && !result.ok && !result.formError ? (Object.keys(result.fieldErrors) as ReportFormFields[]) : [];

  return (
    <fetcher.Form
      data-discover="true"
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadReportSend().catch(() => undefined)}
      className="space-y-6"
      aria-busy={busy}
    >
      {kind === "modal" ? <input type="hidden" name="_form" value="modal" /> : null}
      <input type="hidden" name="idempotencyKey" value={reportKey} />
      {hunter ? <input type="hidden" name={HUNTER_FIELD} value={hunter.id} /> : null}
      <input type="hidden" name="tempPath" value={keptUpload} />
      <input type="hidden" name="latitude" value={position ? String(position.latitude) : ""} />
      <input type="hidden" name="longitude" value={position ? String(position.longitude) : ""} />
      {proof ? <input type="hidden" name="proof" value={proof} /> : null}

      {formError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">{t("Failed to submit discovery")}</p>
          <p className="mt-1">{formError}</p>
        </div>
      ) : null}
      {refusedFields.length > 0 ? (
        <div className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900" data-testid="report-form-problems">
          <p className="font-semibold">{t("Your discovery wasn't sent yet. Please check:")}</p>
          <ul className="mt-1 list-disc ps-5">
            {refusedFields.map((field) => (
              <li key={field}>
                <a href={`#${fieldId(field)}`} className="font-semibold underline">
                  {t(FIELD_NAMES[field])}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {draftForm ? (
        <Suspense fallback={null}>
          <DraftRestore
            key={`${draftRound}:${hunterId ?? ""}`}
            draftKey={draftKey}
            form={draftForm}
            fields={["checkCode", "caption", "location", "latitude", "longitude", "precision"]}
            photoInput={photoRef.current}
            hunter={hunterId ?? ""}
            onRestore={(text, photo) => {
              setLocation(text.location ?? "");
              setPosition(positionFrom(text.latitude, text.longitude));
              setPrecision(text.precision === "approximate" ? "approximate" : "exact");
              if (photo) void showPhoto(photo);
            }}
            onDiscard={() => {
              setLocation("");
              setPosition(null);
              void showPhoto(null);
            }}
          />
        </Suspense>
      ) : null}

      {proof || codeExempt ? (
        <p className="text-sm text-emerald-800">
          {proof ? t("Label checked: you scanned this Jimmy's code.") : t("As an admin, you can report without the label's code.")}
        </p>
      ) : (
        <div>
          <label htmlFor={fieldId("checkCode")} className="block font-semibold text-stone-900">
            {t("Code on the label {required}", { required: <span className="font-normal text-stone-600">{t("(required)")}</span> })}
          </label>
          <p id={fieldId("checkCode-hint")} className="mt-1 text-sm text-stone-600">
            {t("The 6 letters and numbers printed under Jimmy's number, like {code}. Scanning the QR code fills it in.", {
              code: <strong>{t("Code {code}", { code: "7KX3PA" })}</strong>,
            })}
          </p>
          <input
            id={fieldId("checkCode")}
            name="checkCode"
            type="text"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={16}
            defaultValue={failed?.values.checkCode ?? ""}
            aria-required
            aria-invalid={errors.checkCode ? true : undefined}
            aria-describedby={describedBy(fieldId("checkCode"), true, errors.checkCode)}
            onChange={() => setErrors((current) => ({ ...current, checkCode: undefined }))}
            className="mt-2 block w-40 rounded-xl border border-stone-300 px-3 py-2 font-mono uppercase text-stone-900 shadow-sm focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-200"
          />
          <FieldError id={fieldId("checkCode")} message={errors.checkCode} announce />
        </div>
      )}

      <div>
        <label htmlFor={fieldId("photo")} className="block font-semibold text-stone-900">
          {t("Photo {required}", { required: <span className="font-normal text-stone-600">{t("(required)")}</span> })}
        </label>
        <p id={fieldId("photo-hint")} className="mt-1 text-sm text-stone-600">
          {t(
            "Take a photo of Jimmy or choose one (JPEG, PNG or WebP, up to 10MB). Location and camera details are removed before it's published.",
          )}
        </p>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
          {preview ? (
            <img
              src={preview}
              alt={t("Preview of the chosen photo")}
              className="h-28 w-28 shrink-0 rounded-xl border border-stone-200 object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-28 w-28 shrink-0 items-center justify-center rounded-xl border-2 border-dashed border-stone-300 bg-stone-50 text-stone-400"
            >
              <CameraIcon className="h-9 w-9" />
            </span>
          )}
          <input
            ref={photoRef}
            id={fieldId("photo")}
            name="photo"
            type="file"
            accept="image/*"
            capture="environment"
            aria-required={!keptUpload}
            aria-invalid={photoError ? true : undefined}
            aria-describedby={describedBy(fieldId("photo"), true, photoError)}
            onChange={(event) => void onPhotoChange(event)}
            className="block w-full text-sm text-stone-700 file:me-3 file:rounded-full file:border-0 file:bg-orange-100 file:px-4 file:py-2.5 file:font-semibold file:text-orange-900 hover:file:bg-orange-200"
          />
        </div>
        {keptUpload ? (
          <p className="mt-2 text-sm text-emerald-800">{t("Your photo is already uploaded: submit again, or choose a different photo.")}</p>
        ) : null}
        {photoError ? (
          <p id={fieldId("photo-error")} role="alert" className="mt-2 text-sm text-red-700">
            {photoError === t(PHOTO_REQUIRED_TEXT[kind])
              ? t("{title} {message}", {
                  title: <strong className="font-semibold">{t("{title}:", { title: t(PHOTO_REQUIRED_TITLE) })}</strong>,
                  message: photoError,
                })
              : photoError}
          </p>
        ) : null}
        {photoGps && !(position && position.latitude === photoGps.latitude && position.longitude === photoGps.longitude) ? (
          <div className="mt-3 flex flex-wrap items-center gap-3 rounded-xl border border-orange-200 bg-orange-50 p-3 text-sm text-stone-800">
            <PinIcon className="h-4 w-4 text-orange-700" />
            <span>
              {t("This photo knows where it was taken ({coordinates}).", {
                coordinates: formatCoordinates(photoGps.latitude, photoGps.longitude),
              })}
            </span>
            <button
              type="button"
              onClick={() => {
                setPosition(photoGps);
                setErrors((current) => ({ ...current, location: undefined }));
              }}
              className="rounded-full border border-orange-300 bg-white px-3 py-1.5 font-semibold text-orange-900 hover:bg-orange-100"
            >
              {t("Use the photo's location")}
            </button>
          </div>
        ) : null}
      </div>

      {kind !== "first" ? (
        <div>
          <label htmlFor={fieldId("caption")} className="block font-semibold text-stone-900">
            {t("Caption {optional}", { optional: <span className="font-normal text-stone-600">{t("(optional)")}</span> })}
          </label>
          <textarea
            id={fieldId("caption")}
            name="caption"
            rows={3}
            maxLength={MAX_CAPTION_LENGTH}
            defaultValue={failed?.values.caption ?? ""}
            placeholder={t("Where was he hiding? What's he up to?")}
            aria-invalid={errors.caption ? true : undefined}
            aria-describedby={describedBy(fieldId("caption"), false, errors.caption)}
            className="mt-2 block w-full rounded-xl border border-stone-300 px-3 py-2 text-stone-900 shadow-sm focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-200"
          />
          <FieldError id={fieldId("caption")} message={errors.caption} announce />
        </div>
      ) : null}

      <div>
        <label htmlFor={fieldId("location")} className="block font-semibold text-stone-900">
          {kind === "modal"
            ? t("Location {optional}", { optional: <span className="font-normal text-stone-600">{t("(optional)")}</span> })
            : t("Location")}
        </label>
        <p id={fieldId("location-hint")} className="mt-1 text-sm text-stone-600">
          {t("Type a place (“Zilker Park, Austin, TX”), use your current location, or both.")}
        </p>
        <input
          ref={locationRef}
          id={fieldId("location")}
          name="location"
          type="text"
          maxLength={MAX_LOCATION_LENGTH}
          value={location}
          onChange={(event) => {
            setLocation(event.currentTarget.value);
            if (event.currentTarget.value.trim()) setErrors((current) => ({ ...current, location: undefined }));
          }}
          aria-invalid={errors.location ? true : undefined}
          aria-required={locationRequired || undefined}
          aria-describedby={describedBy(fieldId("location"), true, errors.location)}
          className="mt-2 block w-full rounded-xl border border-stone-300 px-3 py-2 text-stone-900 shadow-sm focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-200"
        />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            type="button"
            disabled={!hydrated || busy}
            onClick={() => void captureCurrentLocation()}
            className="inline-flex items-center gap-2 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <LocateIcon className="h-4 w-4" />
            {t("Use My Current Location")}
          </button>
          {position ? (
            <span className="inline-flex items-center gap-2 text-sm text-stone-700">
              <PinIcon className="h-4 w-4 text-orange-700" />
              <span data-testid="captured-position">{publishedText(position, precision, t)}</span>
              <button
                type="button"
                onClick={() => setPosition(null)}
                className="font-semibold text-orange-800 underline hover:text-orange-900"
              >
                {t("Clear")}
              </button>
            </span>
          ) : null}
        </div>
        {position ? (
          <fieldset className="mt-3 rounded-xl border border-stone-200 bg-stone-50 p-3" data-testid="location-precision">
            <legend className="px-1 text-sm font-semibold text-stone-900">{t("This place will be public")}</legend>
            <p className="text-sm text-stone-700">{t("Everyone can see where you found Jimmy. How precisely?")}</p>
            <div className="mt-2 space-y-1">
              {LOCATION_PRECISIONS.map((option) => (
                <label key={option} className="flex min-h-11 items-center gap-3 text-sm text-stone-800">
                  <input
                    type="radio"
                    name="precision"
                    value={option}
                    checked={precision === option}
                    onChange={() => setPrecision(option)}
                    className="h-4 w-4 accent-orange-700"
                  />
                  {t(PRECISION_LABELS[option])}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {hydrated ? null : (
          <p className="mt-2 text-sm text-stone-600">{t("Your device's location needs JavaScript: type where you found Jimmy instead.")}</p>
        )}
        <FieldError id={fieldId("location")} message={errors.location} announce />
      </div>

      {children}

      {queued ? (
        <p role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          {t(OUTBOX_SAVED_TEXT)}
        </p>
      ) : null}

      <Progress phase={phase} saving={fetcher.state !== "idle"} />

      <div
        className={`flex flex-wrap items-center justify-end gap-3 ${
          // In the dialog the form scrolls; its buttons stay in view at the dialog's foot, on any screen height.
          kind === "modal" ? "sticky bottom-0 -mx-6 border-t border-stone-200 bg-white px-6 py-4 sm:-mx-8 sm:px-8" : ""
        }`}
        data-testid="report-form-actions"
      >
        {secondaryAction}
        <button
          type="submit"
          disabled={busy}
          className="inline-flex items-center justify-center gap-2 rounded-full bg-orange-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-orange-800 disabled:cursor-wait disabled:opacity-70"
        >
          {busy ? <SpinnerIcon className="h-5 w-5 animate-spin" /> : null}
          {submitLabel}
        </button>
      </div>
    </fetcher.Form>
  );
}

function Progress({ phase, saving }: { phase: Phase; saving: boolean }) {
  const t = useT();
  let text: string | null = null;
  if (phase.step === "locating") text = t("Finding your location…");
  else if (phase.step === "preparing") text = t("Preparing your photo…");
  else if (phase.step === "uploading")
    text =
      phase.retry > 0
        ? t("The connection dropped. Trying again ({retry} of {tries})…", { retry: phase.retry, tries: 2 })
        : t("Uploading photo… {percent}%", { percent: Math.round(phase.progress * 100) });
  else if (phase.step === "saving" || saving) text = t("Saving your discovery…");
  return (
    <div aria-live="polite" className="min-h-6 text-sm text-stone-700">
      {text ? <p>{text}</p> : null}
      {phase.step === "uploading" ? (
        <progress
          aria-label={t("Photo upload")}
          max={100}
          value={Math.round(phase.progress * 100)}
          className="mt-2 h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-orange-600"
        />
      ) : null}
    </div>
  );
}

/** A field's refusal under it, read out as it appears. */
