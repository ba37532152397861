import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { labelCodeFromScan } from "~/lib/qr-code";
import { CameraIcon, UploadIcon } from "./ui/icons";
import { useT } from "./i18n";
import { msg } from "~/lib/language";

type Detector = (source: HTMLVideoElement | HTMLCanvasElement | ImageBitmap) => Promise<string | null>;

type BarcodeDetectorLike = { detect(source: unknown): Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * The browser's own BarcodeDetector where it reads QR codes, otherwise jsQR
 * (loaded only now, so no other page carries it) on a frame drawn to a canvas.
 */
async function createDetector(): Promise<Detector> {
  const Native = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats().catch((): string[] => [])).includes("qr_code")) {
    const detector = new Native({ formats: ["qr_code"] });
    return async (source) => (await detector.detect(source))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (source) => {
    const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
    const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
    if (!context || width === 0 || height === 0) return null;
    // Large photos are scaled down: QR codes stay readable and decoding stays fast.
    const scale = Math.min(1, 1280 / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height)?.data ?? null;
  };
}

/** An error's message is a message key (msg()), worded when shown. */
type Status = { kind: "idle" | "starting" | "scanning" | "reading" } | { kind: "error"; message: string };

/** Reads a Jimmy's label with the camera (or from a photo of it) and opens its discovery form. */
export function QrScanner() {
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const frameRef = useRef<number | undefined>(undefined);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const t = useT();

  const stop = useCallback(() => {
    if (frameRef.current !== undefined) cancelAnimationFrame(frameRef.current);
    frameRef.current = undefined;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  /** True when the text was a label: the hunter is on their way. */
  const follow = useCallback(
    (text: string | null) => {
      if (text === null) return false;
      const code = labelCodeFromScan(text);
      if (!code) {
        setStatus({
          kind: "error",
          message: msg("That QR code isn't a Jimmy label. Try the code on the Jimmy's base, or type it in below."),
        });
        return false;
      }
      stop();
      navigate(`/q/${encodeURIComponent(code)}`);
      return true;
    },
    [navigate, stop],
  );

  async function startCamera() {
    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus({
        kind: "error",
        message: msg("This browser can't use the camera here. Take a photo of the label instead, or type the code in below."),
      });
      return;
    }
    setStatus({ kind: "starting" });
    try {
      const [detect, stream] = await Promise.all([
        createDetector(),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
      ]);
      streamRef.current = stream;
      const video = videoRef.current!;
      video.srcObject = stream;
      await video.play();
      setStatus({ kind: "scanning" });
      let busy = false;
      const tick = async () => {
        if (!streamRef.current) return;
        if (!busy && video.readyState >= video.HAVE_CURRENT_DATA) {
          busy = true;
          const text = await detect(video).catch(() => null);
          busy = false;
          if (text !== null && follow(text)) return;
        }
        frameRef.current = requestAnimationFrame(() => void tick());
      };
      void tick();
    } catch (error) {
      stop();
      const denied = error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "SecurityError");
      setStatus({
        kind: "error",
        message: denied
          ? msg("Camera access was denied. Allow the camera for this site, take a photo of the label instead, or type the code in below.")
          : msg("The camera could not be started. Take a photo of the label instead, or type the code in below."),
      });
    }
  }

  async function readPhoto(file: File | undefined) {
    if (!file) return;
    stop();
    setStatus({ kind: "reading" });
    try {
      const [detect, bitmap] = await Promise.all([createDetector(), createImageBitmap(file)]);
      const text = await detect(bitmap);
      bitmap.close();
      if (text === null) {
        setStatus({
          kind: "error",
          message: msg("No QR code was found in that photo. Try again closer, with good light, or type the code in below."),
        });
        return;
      }
      follow(text);
    } catch {
      setStatus({ kind: "error", message: msg("That photo could not be read. Try another one, or type the code in below.") });
    }
  }

  const scanning = status.kind === "scanning";
  return (
    <div>
      <div className={`relative overflow-hidden rounded-2xl bg-stone-900 ${scanning ? "" : "hidden"}`}>
        <video ref={videoRef} muted playsInline className="aspect-square w-full object-cover" aria-label={t("Camera view")} />
        <div aria-hidden="true" className="pointer-events-none absolute inset-[18%] rounded-2xl border-4 border-white/80" />
      </div>
      <p className="mt-3 text-sm text-stone-700" role="status" aria-live="polite">
        {status.kind === "starting"
          ? t("Starting the camera…")
          : scanning
            ? t("Point the camera at the QR code on the Jimmy's label.")
            : status.kind === "reading"
              ? t("Reading the photo…")
              : ""}
      </p>
      {status.kind === "error" ? (
        <p role="alert" className="mt-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t(status.message)}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {scanning ? (
          <button
            type="button"
            onClick={() => {
              stop();
              setStatus({ kind: "idle" });
            }}
            className="h-11 rounded-full border border-stone-300 px-5 font-semibold hover:bg-stone-50"
          >
            {t("Stop camera")}
          </button>
        ) : (
          <button
            type="button"
            onClick={() => void startCamera()}
            disabled={status.kind === "starting"}
            className="flex h-11 items-center gap-2 rounded-full bg-orange-700 px-5 font-semibold text-white hover:bg-orange-800 disabled:opacity-60"
          >
            <CameraIcon className="h-5 w-5" />
            {t("Start camera")}
          </button>
        )}
        <label className="flex h-11 cursor-pointer items-center gap-2 rounded-full border border-orange-300 px-5 font-semibold text-orange-800 hover:bg-orange-50 focus-within:ring-2 focus-within:ring-orange-500">
          <UploadIcon className="h-5 w-5" />
          {t("Scan from a photo")}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            onChange={(event) => {
              void readPhoto(event.currentTarget.files?.[0]);
              event.currentTarget.value = "";
            }}
          />
        </label>
      </div>
    </div>
  );
}
