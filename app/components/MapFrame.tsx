import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from "react";
import type { PanZoomMapProps } from "./PanZoomMap.client";
import { AlertIcon, SpinnerIcon } from "./ui/icons";
import { useT } from "~/components/i18n";

/** Leaflet, its stylesheet and the map made with it, fetched only when a visitor asks for the pan-and-zoom map. */
const loadPanZoomMap = () => import("./PanZoomMap.client");

/** How long the embedded map's service may take to answer before the offline map stands in for it. */
const EMBED_PATIENCE_MS = 8000;

/**
 * Whether the embedded map's service can be reached, asked once the page runs
 * (its iframe gives no sign of failing: a blocked or offline frame still
 * "loads", as a grey error page). Unreachable when the device is offline,
 * when a request to the embed's address fails, or when it takes longer than
 * EMBED_PATIENCE_MS; asked again on "Try again" and when the device comes
 * back online. One question per visit: later views use the same service.
 */
function useEmbedReachable(embedSrc: string) {
  const [probeUrl] = useState(embedSrc);
  const [unreachable, setUnreachable] = useState(false);
  const [checking, setChecking] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let settled = false;
    const controller = new AbortController();
    const settle = (reachable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      controller.abort();
      setUnreachable(!reachable);
      setChecking(false);
    };
    const timer = setTimeout(() => settle(false), EMBED_PATIENCE_MS);
    if (!navigator.onLine) settle(false);
    else {
      // An opaque answer is enough: it means the service is there to draw the frame.
      fetch(probeUrl, { mode: "no-cors", credentials: "omit", cache: "no-store", signal: controller.signal }).then(
        () => settle(true),
        () => settle(false),
      );
    }
    return () => {
      settled = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [probeUrl, attempt]);

  const retry = useCallback(() => {
    setChecking(true);
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (!unreachable) return;
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [unreachable, retry]);

  return { unreachable, checking, retry };
}

/**
 * The map at the top of /map: the spec's embedded OpenStreetMap view; with
 * JavaScript, the offline map in its place when that cannot load, and a
 * pan-and-zoom map on request. The offline map (`offlineMap`) is drawn below
 * the frame otherwise, so the page shows geography with JavaScript off too.
 */
export function MapFrame({
  embedSrc,
  largerMapUrl,
  panZoom: panZoomProps,
  offlineMap,
}: {
  embedSrc: string;
  largerMapUrl: string;
  panZoom: PanZoomMapProps;
  offlineMap: (framed: boolean) => ReactNode;
}) {
  // Set once the page runs: the button needs JavaScript. (Not useHydrated: on /map alone it would be a chunk of its own.)
  const [hydrated, setHydrated] = useState(false);
  const t = useT();
  useEffect(() => setHydrated(true), []);
  const embed = useEmbedReachable(embedSrc);
  const [panZoom, setPanZoom] = useState(false);
  const [PanZoomMap, setPanZoomMap] = useState<ComponentType<PanZoomMapProps> | null>(null);
  const [panZoomFailed, setPanZoomFailed] = useState(false);
  const standIn = embed.unreachable && !panZoom;

  useEffect(() => {
    if (!panZoom || PanZoomMap) return;
    let cancelled = false;
    loadPanZoomMap().then(
      (module) => {
        if (!cancelled) setPanZoomMap(() => module.PanZoomMap);
      },
      () => {
        if (cancelled) return;
        setPanZoom(false);
        setPanZoomFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [panZoom, PanZoomMap]);

  return (
    <>
      <div className="overflow-hidden rounded-2xl border border-orange-100 bg-orange-50 shadow-sm" data-testid="map-frame">
        {panZoom ? (
          PanZoomMap ? (
            <PanZoomMap {...panZoomProps} />
          ) : (
            <p className="flex h-[360px] items-center justify-center gap-2 text-sm text-stone-600 sm:h-[440px]">
              <SpinnerIcon className="h-5 w-5 animate-spin" />
              {t("Loading the map…")}
            </p>
          )
        ) : standIn ? (
          <>
            <p role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-amber-50 px-3 py-2 text-sm text-amber-950">
              <AlertIcon className="h-4 w-4 shrink-0 text-amber-700" />
              <span>{t("The embedded map could not load, so the offline map stands in for it.")}</span>
              <button
                type="button"
                onClick={embed.retry}
                disabled={embed.checking}
                className="rounded-full border border-amber-300 bg-white px-3 py-0.5 text-xs font-semibold text-amber-900 hover:bg-amber-100 disabled:opacity-60"
              >
                {embed.checking ? t("Trying again…") : t("Try again")}
              </button>
            </p>
            {offlineMap(true)}
          </>
        ) : (
          <iframe
            title={t("Map of discovered Jimmys")}
            src={embedSrc}
            className="block h-[360px] w-full sm:h-[440px]"
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-popups"
          />
        )}
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-orange-100 bg-white px-3 py-1.5 text-xs">
          {hydrated ? (
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <button
                type="button"
                aria-pressed={panZoom}
                onClick={() => {
                  setPanZoomFailed(false);
                  setPanZoom((on) => !on);
                }}
                className={`rounded-full border px-3 py-1 font-semibold ${
                  panZoom ? "border-orange-700 bg-orange-700 text-white" : "border-orange-200 bg-white text-orange-800 hover:bg-orange-50"
                }`}
              >
                {t("Pan and zoom")}
              </button>
              {panZoomFailed ? (
                <span role="status" className="text-amber-900">
                  {t("The pan-and-zoom map could not load. Check the connection and try again.")}
                </span>
              ) : null}
            </span>
          ) : (
            <span />
          )}
          <a href={largerMapUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-orange-800 underline">
            {t("View larger map")}
          </a>
        </div>
      </div>
      {standIn ? null : offlineMap(false)}
    </>
  );
}
