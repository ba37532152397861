import { sitePagePreview } from "~/lib/site-page-preview";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useRef, useState } from "react";
import { useHydrated } from "~/components/useHydrated";
import { IconHeading } from "~/components/ui/IconHeading";
import { AlertIcon, LocateIcon, PinIcon, SpinnerIcon } from "~/components/ui/icons";
import type { LatLng } from "~/lib/distance";
import { metaT, usePageLanguage, useT } from "~/components/i18n";
import { requestLanguage, requestT } from "~/web/language.server";
import { formatDistance, formatHeading, LONG_AGO_DAYS, MAX_PLACE_LENGTH, NEAR_ME_MAX_KM, nearMeHref, parseNearMe } from "~/lib/near-me";
import { placeLabel } from "~/lib/places";
import { getDb } from "~/infra/db.server";
import { resolveLocation } from "~/services/geo.server";
import { UnitsSwitch } from "~/components/UnitsSwitch";
import type { DistanceUnit } from "~/lib/reader-preferences";
import { placeDate, requestPreferences } from "~/web/reader-terms.server";
import { drawNearMe, jimmysNear, type NearbyJimmy, type NearMeDrawing } from "~/services/near-me.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return sitePagePreview(matches, {
    path: "/near-me",
    name: t("Hunt Near Me"),
    description: t("The Jimmys last seen nearest to you, how far away and which way."),
  });
};

type NearMeData = { unit: DistanceUnit } & (
  | { state: "ask"; text: string }
  | { state: "problem"; text: string; message: string }
  | {
      state: "found";
      text: string;
      /** Where the search is from: the browser's position (rounded) or the typed place's centre. */
      origin: LatLng;
      originLabel: string;
      fromTypedPlace: boolean;
      jimmys: (NearbyJimmy & { seenOn: string | null })[];
      /** This page, for the units switch to come back to. */
      back: string;
      drawing: NearMeDrawing;
    }
);

/**
 * A plain GET page: `?at=lat,lng` from the browser's location (JavaScript),
 * `?place=…` typed (no JavaScript needed). The typed place is resolved
 * offline, as reported locations are.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = requestT(request);
  const query = parseNearMe(new URL(request.url).searchParams, t);
  const preferences = requestPreferences(request);
  const unit = preferences.units;
  const language = requestLanguage(request);
  const problem = (status: number, message: string, text: string) =>
    data<NearMeData>({ unit, state: "problem", text, message }, { status });
  if (query.kind === "none") return data<NearMeData>({ unit, state: "ask", text: "" });
  if (query.kind === "invalid") return problem(400, query.message, query.text);

  let origin: LatLng;
  let originLabel: string;
  const text = query.kind === "place" ? query.text : "";
  if (query.kind === "place") {
    const place = await resolveLocation({ location: query.text });
    if (place.latitude === null || place.longitude === null) {
      const area = placeLabel(place);
      return problem(
        422,
        area
          ? t("“{place}” is all of {area}. Type a town or city there, like the one you are in.", { place: query.text, area })
          : t("No town or city called “{place}” was found. Try its name and country, like “Austin, TX” or “Lyon, France”.", {
              place: query.text,
            }),
        query.text,
      );
    }
    origin = { latitude: place.latitude, longitude: place.longitude };
    originLabel = placeLabel(place) ?? query.text;
  } else {
    origin = query.point;
    const place = await resolveLocation(origin);
    const label = placeLabel(place);
    originLabel = label ? t("your location, near {place}", { place: label }) : t("your location");
  }
  const jimmys = await jimmysNear(getDb(), origin);
  return data<NearMeData>({
    unit,
    state: "found",
    text,
    origin,
    originLabel,
    fromTypedPlace: query.kind === "place",
    back: `/near-me${new URL(request.url).search}`,
    // The day it was last seen, in the time zone of where it was seen.
    jimmys: jimmys.map((jimmy) => ({
      ...jimmy,
      seenOn: jimmy.locatedAt ? placeDate(jimmy.locatedAt, jimmy, preferences.timeZone, language) : null,
    })),
    drawing: drawNearMe(origin, jimmys),
  });
}

export default function NearMePage() {
  const result = useLoaderData<typeof loader>();
  const t = useT();
  const language = usePageLanguage();
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 pb-28 md:pb-10">
      <IconHeading icon={<PinIcon className="h-6 w-6" />} tint="bg-orange-100 text-orange-700">
        {t("Hunt Near Me")}
      </IconHeading>
      <p className="mt-2 text-stone-600">
        {t("The Jimmys last seen nearest to you, up to {distance} away: how far, and which way to go.", {
          distance: formatDistance(NEAR_ME_MAX_KM, result.unit, language),
        })}
      </p>

      <SearchPanel key={result.text} text={result.text} problem={result.state === "problem" ? result.message : null} />

      {result.state === "found" ? <Results result={result} /> : null}
    </section>
  );
}

type Locating = { step: "idle" } | { step: "locating" } | { step: "failed"; message: string };

/**
 * A typed place (a plain GET form) and, with JavaScript and a browser that
 * can tell, the hunter's own location.
 */
function SearchPanel({ text, problem }: { text: string; problem: string | null }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [locating, setLocating] = useState<Locating>({ step: "idle" });
  const searching = navigation.state === "loading" && navigation.location.pathname === "/near-me";
  const canLocate = hydrated && typeof navigator !== "undefined" && "geolocation" in navigator;

  function locate() {
    setLocating({ step: "locating" });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating({ step: "idle" });
        navigate(nearMeHref(position.coords));
      },
      (error) => {
        setLocating({
          step: "failed",
          message:
            error.code === error.PERMISSION_DENIED
              ? t("Your browser did not share your location. Type where you are instead.")
              : t("Your location could not be found just now. Type where you are instead."),
        });
        input.current?.focus();
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  const message = locating.step === "failed" ? locating.message : problem;
  return (
    <div className="mt-6 rounded-2xl border border-orange-100 bg-white p-5 shadow-sm">
      {canLocate ? (
        <div className="mb-4">
          <button
            type="button"
            onClick={locate}
            disabled={locating.step === "locating"}
            className="inline-flex items-center gap-2 rounded-full bg-orange-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-orange-800 disabled:opacity-70"
          >
            {locating.step === "locating" ? <SpinnerIcon className="h-4 w-4 animate-spin" /> : <LocateIcon className="h-4 w-4" />}
            {locating.step === "locating" ? t("Finding your location…") : t("Use my location")}
          </button>
          <p className="mt-2 text-sm text-stone-600">{t("Or type where you are:")}</p>
        </div>
      ) : null}
      <Form method="get" action="/near-me" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="near-me-place" className="block text-sm font-semibold text-stone-700">
            {t("Where are you?")}
          </label>
          <input
            ref={input}
            id="near-me-place"
            name="place"
            type="text"
            defaultValue={text}
            maxLength={MAX_PLACE_LENGTH}
            placeholder={t("A town or city, like Austin, TX")}
            autoComplete="address-level2"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? "near-me-problem" : "near-me-privacy"}
            className="mt-1 w-full rounded-xl border border-stone-300 px-3 py-2 text-base focus:border-orange-500 focus:outline-none focus:ring-2 focus:ring-orange-200"
          />
        </div>
        <button
          type="submit"
          className="inline-flex items-center justify-center gap-2 rounded-full border border-orange-200 bg-orange-50 px-5 py-2.5 text-sm font-semibold text-orange-800 hover:bg-orange-100"
        >
          {searching ? <SpinnerIcon className="h-4 w-4 animate-spin" /> : null}
          {t("Find Jimmys")}
        </button>
      </Form>
      {message ? (
        <p id="near-me-problem" role="alert" className="mt-3 flex items-start gap-2 text-sm font-medium text-red-700">
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          {message}
        </p>
      ) : null}
      <p id="near-me-privacy" className="mt-3 text-xs text-stone-500">
        {t("Your location is rounded to about a kilometre and is not stored.")}
      </p>
    </div>
  );
}

function Results({ result }: { result: Extract<NearMeData, { state: "found" }> }) {
  const { jimmys, drawing, originLabel, unit, back } = result;
  const t = useT();
  const language = usePageLanguage();
  if (jimmys.length === 0) {
    return (
      <div className="mt-6 rounded-2xl border border-orange-100 bg-white p-5 shadow-sm" data-testid="near-me-results">
        <h2 className="text-lg font-bold">{t("Nearest to {origin}", { origin: originLabel })}</h2>
        <p className="mt-2 text-stone-600">
          {t("No Jimmy has been seen within {distance}. {map}, or found one? Report it and it will show up here.", {
            distance: formatDistance(NEAR_ME_MAX_KM, unit, language),
            map: (
              <Link to="/map" className="font-semibold text-orange-800 underline">
                {t("See where they are on the map")}
              </Link>
            ),
          })}
        </p>
      </div>
    );
  }
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" data-testid="near-me-results">
      <div className="lg:order-2">
        <h2 className="text-lg font-bold">
          {t("The {count, plural, one {# Jimmy} other {# Jimmys}} last seen nearest to {origin}", {
            count: jimmys.length,
            origin: originLabel,
          })}
        </h2>
        <UnitsSwitch unit={unit} back={back} className="mt-2" />
        <ol className="mt-3 space-y-2" aria-label={t("Nearest Jimmys")}>
          {jimmys.map((jimmy, index) => (
            <NearbyItem key={jimmy.serialNumber} jimmy={jimmy} rank={index + 1} unit={unit} />
          ))}
        </ol>
      </div>
      <NearMeMap drawing={drawing} originLabel={originLabel} />
    </div>
  );
}

function NearbyItem({ jimmy, rank, unit }: { jimmy: NearbyJimmy & { seenOn: string | null }; rank: number; unit: DistanceUnit }) {
  const t = useT();
  const language = usePageLanguage();
  const serial = String(jimmy.serialNumber);
  return (
    <li data-testid="near-me-jimmy" data-serial={jimmy.serialNumber}>
      <Link
        to={`/jimmy/${jimmy.serialNumber}`}
        className="flex items-start gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm hover:border-orange-300 hover:bg-orange-50"
      >
        <span
          className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-orange-700 text-xs font-bold text-white"
          aria-hidden
        >
          {rank}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-bold">{t("Jimmy #{serial}", { serial })}</span>
            {jimmy.status === "missing" ? (
              <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{t("Possibly missing")}</span>
            ) : null}
            {jimmy.longAgo ? (
              <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">
                {LONG_AGO_DAYS === 365
                  ? t("Not seen for over a year")
                  : t("Not seen for over {count, plural, one {# day} other {# days}}", { count: LONG_AGO_DAYS })}
              </span>
            ) : null}
          </span>
          <span className="block text-sm font-semibold text-orange-800" data-testid="near-me-heading">
            {formatHeading(jimmy.distanceKm, jimmy.bearing, unit, t, language)}
          </span>
          <span className="block truncate text-sm text-stone-600">
            {jimmy.location === null
              ? jimmy.seenOn
                ? t("Last seen at an unnamed spot, {date}", { date: jimmy.seenOn })
                : t("Last seen at an unnamed spot")
              : jimmy.seenOn
                ? t("Last seen {place}, {date}", { place: jimmy.location, date: jimmy.seenOn })
                : t("Last seen {place}", { place: jimmy.location })}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The hunter (blue) and the listed Jimmys (numbered, nearest on top) on the offline basemap. Links work without JavaScript. */
function NearMeMap({ drawing, originLabel }: { drawing: NearMeDrawing; originLabel: string }) {
  const markers = drawing.jimmys.map((marker, index) => ({ ...marker, rank: index + 1 })).reverse();
  const t = useT();
  return (
    <figure className="overflow-hidden rounded-2xl border border-stone-200 bg-sky-100 shadow-sm lg:order-1 lg:self-start">
      <svg
        viewBox={`0 0 ${drawing.width} ${drawing.height}`}
        className="block h-auto w-full"
        role="group"
        aria-label={t("Map of the nearest Jimmys around {origin}", { origin: originLabel })}
        data-testid="near-me-map"
      >
        <image href={drawing.basemap} width={drawing.width} height={drawing.height} preserveAspectRatio="none" />
        {markers.map((marker) => (
          <a
            key={marker.serialNumber}
            href={`/jimmy/${marker.serialNumber}`}
            aria-label={t("{rank, number}. Jimmy #{serial}", { rank: marker.rank, serial: String(marker.serialNumber) })}
          >
            <circle cx={marker.x} cy={marker.y} r={10} fill="#c2410c" stroke="#ffffff" strokeWidth={2} />
            <text
              x={marker.x}
              y={marker.y}
              textAnchor="middle"
              dominantBaseline="central"
              className="pointer-events-none fill-white text-[10px] font-bold"
            >
              {marker.rank}
            </text>
          </a>
        ))}
        <g data-testid="near-me-origin" aria-label={t("You are here")} role="img">
          <circle cx={drawing.origin.x} cy={drawing.origin.y} r={12} fill="#0284c7" fillOpacity={0.2} />
          <circle cx={drawing.origin.x} cy={drawing.origin.y} r={6} fill="#0284c7" stroke="#ffffff" strokeWidth={2} />
        </g>
      </svg>
      <figcaption className="border-t border-stone-200 bg-white px-3 py-2 text-xs text-stone-600">
        {t("You are the blue dot; numbers are the list’s order.")}
      </figcaption>
    </figure>
  );
}
