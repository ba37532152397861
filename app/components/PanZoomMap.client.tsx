/**
 * /map's pan-and-zoom map: Leaflet over raster tiles from MAP_TILE_URL, with
 * every listed area (and the selected area's Jimmys) as a marker that is a
 * link. Only MapFrame's dynamic import() reaches this module, once a visitor
 * asks for the map, so no page's first-load JavaScript carries Leaflet or
 * its stylesheet (docs/decisions/015-interactive-map.md); the .client name
 * keeps it off the server.
 */
import { useNavigate } from "@remix-run/react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useMemo, useRef, useState } from "react";
import { mapMarkers, MARKER_COLOUR, markerWidth, type MapMarker } from "~/lib/area-map";
import type { BBox, MapState } from "~/lib/clustering";
import type { MapArea, MapJimmy } from "~/lib/hunt-map";
import { useT } from "~/components/i18n";

export type PanZoomTiles = { urlTemplate: string; attribution: string; attributionUrl: string | null };

type Leaflet = {
  /** Shows these markers; moves to `view` when it differs from the last one shown, and only then. */
  show(markers: readonly MapMarker[], view: BBox): void;
  remove(): void;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The tiles' credit as Leaflet's attribution control shows it: configured text, never markup. */
function attributionHtml(tiles: PanZoomTiles): string {
  const text = escapeHtml(tiles.attribution);
  return tiles.attributionUrl
    ? `<a href="${escapeHtml(tiles.attributionUrl)}" target="_blank" rel="noopener noreferrer">${text}</a>`
    : text;
}

function markerLink(marker: MapMarker, follow: (href: string, event: MouseEvent) => void): HTMLAnchorElement {
  const link = document.createElement("a");
  link.href = marker.href;
  link.textContent = marker.text;
  link.title = marker.label;
  link.setAttribute("aria-label", marker.label);
  if (marker.current) link.setAttribute("aria-current", "true");
  link.dataset.testid = "pan-zoom-marker";
  link.className = `flex h-full w-full items-center justify-center rounded-full px-1 text-xs font-bold text-white! no-underline shadow ring-2 ring-white hover:brightness-110 focus:outline-none focus-visible:ring-4 focus-visible:ring-sky-500 ${
    MARKER_COLOUR[marker.current ? "current" : marker.kind]
  }`;
  link.addEventListener("click", (event) => follow(marker.href, event));
  return link;
}

function mountLeaflet(
  element: HTMLElement,
  options: { tiles: PanZoomTiles; onFollow: (href: string) => void; onTileError: () => void },
): Leaflet {
  const map = L.map(element, { worldCopyJump: true, zoomSnap: 0.5 });
  map.attributionControl.setPrefix('<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>');
  L.tileLayer(options.tiles.urlTemplate, { maxZoom: 19, attribution: attributionHtml(options.tiles) })
    .on("tileerror", options.onTileError)
    .addTo(map);
  const markers = L.layerGroup().addTo(map);

  const follow = (href: string, event: MouseEvent) => {
    // A drag that began on a marker moved the map; it was not a click on the marker.
    if ((map.dragging as L.Handler & { moved(): boolean }).moved()) {
      event.preventDefault();
      return;
    }
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    options.onFollow(href);
  };

  let shownMarkers = "";
  let shownView = "";
  return {
    show(list, view) {
      const viewKey = [view.west, view.south, view.east, view.north].join(",");
      if (viewKey !== shownView) {
        map.fitBounds(
          [
            [view.south, view.west],
            [view.north, view.east],
          ],
          { animate: false, padding: [24, 24] },
        );
        shownView = viewKey;
      }
      const markersKey = JSON.stringify(list);
      if (markersKey === shownMarkers) return;
      shownMarkers = markersKey;
      markers.clearLayers();
      const center = map.getCenter().lng;
      list.forEach((marker, i) => {
        // A place across the antimeridian is drawn on the copy of the world beside the view.
        const longitude = center + ((((marker.longitude - center + 180) % 360) + 360) % 360) - 180;
        L.marker([marker.latitude, longitude], {
          icon: L.divIcon({ html: markerLink(marker, follow), className: "", iconSize: [markerWidth(marker), marker.diameter] }),
          // The link inside is what the keyboard reaches; Leaflet's own focus stop would be a second one.
          keyboard: false,
          // The first (largest) on top.
          zIndexOffset: (list.length - i) * 1000,
        }).addTo(markers);
      });
    },
    remove() {
      map.remove();
    },
  };
}

export type PanZoomMapProps = {
  tiles: PanZoomTiles;
  areas: MapArea[];
  selected: (MapArea & { members: MapJimmy[] }) | null;
  state: MapState;
  view: BBox;
  /** The page's address for a state of the map (clustering's mapSearch), for the markers' links. */
  addressOf: (state: MapState) => string;
};

/** Leaflet in a box the size of the embedded map, following the page's view and markers as the visitor moves around the page. */
export function PanZoomMap({ tiles, areas, selected, state, view, addressOf }: PanZoomMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const t = useT();
  const map = useRef<Leaflet | null>(null);
  const [ready, setReady] = useState(false);
  const [tilesFailing, setTilesFailing] = useState(false);
  const navigate = useNavigate();
  const follow = useRef(navigate);
  useEffect(() => {
    follow.current = navigate;
  }, [navigate]);

  const { urlTemplate, attribution, attributionUrl } = tiles;
  useEffect(() => {
    if (!element.current) return;
    map.current = mountLeaflet(element.current, {
      tiles: { urlTemplate, attribution, attributionUrl },
      // A marker leads where its link says, as the list's links do: within the page, keeping the scroll.
      onFollow: (href) => follow.current(href, { preventScrollReset: true }),
      onTileError: () => setTilesFailing(true),
    });
    setReady(true);
    return () => {
      map.current?.remove();
      map.current = null;
    };
  }, [urlTemplate, attribution, attributionUrl]);

  // Every area the page lists, where there is room to zoom in on them, and the selected area's Jimmys.
  const markers = useMemo(() => mapMarkers(areas, selected, state, areas.length, addressOf, t), [areas, selected, state, addressOf, t]);
  useEffect(() => {
    if (ready) map.current?.show(markers, view);
  }, [ready, markers, view]);

  return (
    <div className="relative isolate">
      <div
        ref={element}
        role="region"
        aria-label={t("Pan-and-zoom map of discovered Jimmys")}
        className="h-[360px] w-full bg-stone-100 sm:h-[440px]"
        data-testid="pan-zoom-map"
      />
      {tilesFailing ? (
        <p role="status" className="border-t border-orange-100 bg-amber-50 px-3 py-1.5 text-xs text-amber-950">
          Some map tiles could not load. The offline map below still shows the largest areas.
        </p>
      ) : null}
    </div>
  );
}
