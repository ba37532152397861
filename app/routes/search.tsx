import { siteImage } from "~/lib/site-page-preview";
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { SearchIcon } from "~/components/ui/icons";
import type { DiscoveryCardData } from "~/lib/discoveries";
import { fullName } from "~/lib/format";
import { MAX_ROW_ID } from "~/lib/ids";
import { linkPreview, previewSite } from "~/lib/link-preview";
import { MAX_SEARCH_LENGTH, searchHref, serialFromQuery } from "~/lib/search";
import { getDb } from "~/infra/db.server";
import { photoUrls } from "~/infra/storage.server";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { searchDiscoveries, searchHunters, type HunterMatch } from "~/models/search.server";
import { placeDate, requestPreferences } from "~/web/reader-terms.server";
import { metaT, useT } from "~/components/i18n";
import { requestLanguage, requestT } from "~/web/language.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...linkPreview({
      site: previewSite(matches),
      path: "/search",
      title: t("Search · {hunt}", { hunt: previewSite(matches).name }),
      description: t("Find a Jimmy by its number, or discoveries by place, caption or hunter."),
      ...siteImage(t),
    }),
    { name: "robots", content: "noindex" },
  ];
};

type SearchData =
  | { state: "ask"; q: string }
  | { state: "problem"; q: string; message: string }
  | {
      state: "results";
      q: string;
      /** A Jimmy's number was typed but there is no such Jimmy. */
      missingSerial: number | null;
      before: number | null;
      discoveries: (DiscoveryCardData & { day: string })[];
      nextBefore: number | null;
      /** Hunters whose name holds the search, on its first page. */
      hunters: HunterMatch[];
    };

/**
 * A plain GET page (`?q=…&before=…`), so the header's box works without
 * JavaScript: a Jimmy's number goes to its page, other words list the
 * discoveries that hold them, newest first, a page at a time.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim();
  const t = requestT(request);
  if (q === "") return data<SearchData>({ state: "ask", q });
  if (q.length > MAX_SEARCH_LENGTH) {
    const message = t("That search is too long: use at most {max, number} characters, like a place or a hunter's name.", {
      max: MAX_SEARCH_LENGTH,
    });
    return data<SearchData>({ state: "problem", q: q.slice(0, MAX_SEARCH_LENGTH), message }, { status: 400 });
  }
  const beforeParam = params.get("before");
  const before = beforeParam === null ? null : /^[1-9]\d{0,9}$/.test(beforeParam) ? Number(beforeParam) : NaN;
  if (Number.isNaN(before) || (before !== null && before > MAX_ROW_ID)) {
    const message = t("That page of results doesn't exist. Start again from the newest matches.");
    return data<SearchData>({ state: "problem", q, message }, { status: 400 });
  }
  const db = getDb();
  const serial = serialFromQuery(q);
  if (serial !== null && (await findJimmyBySerial(db, serial))) throw redirect(`/jimmy/${serial}`);
  const [page, hunters] = await Promise.all([
    searchDiscoveries(db, photoUrls(), q, { before, t }),
    before === null ? searchHunters(db, q) : Promise.resolve([]),
  ]);
  const { timeZone } = requestPreferences(request);
  const language = requestLanguage(request);
  // Each find's day where it was made (ADR 019).
  const discoveries = page.discoveries.map((d) => ({ ...d, day: placeDate(d.createdAt, d, timeZone, language) }));
  return data<SearchData>({ state: "results", q, missingSerial: serial, before, discoveries, nextBefore: page.nextBefore, hunters });
}

export default function SearchPage() {
  const result = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 pb-28 md:pb-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("Search")}</h1>
      {/* Keyed by the query, so the box shows the search the page is about after each navigation. */}
      <Form key={result.q} method="get" action="/search" role="search" className="mt-4 flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          {t("Jimmy number, place, caption or hunter")}
        </label>
        <input
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={result.q}
          placeholder={t("Jimmy # or place")}
          maxLength={MAX_SEARCH_LENGTH}
          className="h-11 min-w-0 flex-1 rounded-full border border-stone-300 px-4"
        />
        <button
          type="submit"
          className="inline-flex h-11 items-center gap-2 rounded-full bg-orange-700 px-5 text-sm font-semibold text-white hover:bg-orange-800"
        >
          <SearchIcon className="h-4 w-4" />
          {t("Search")}
        </button>
      </Form>
      {result.state === "ask" ? (
        <p className="mt-3 text-stone-600">
          {t("Type a Jimmy's number (like 12 or #12) to go to its page, or a place, words from a caption or a hunter's name.")}
        </p>
      ) : null}
      {result.state === "problem" ? (
        <p role="alert" className="mt-3 font-medium text-red-700">
          {result.message}
        </p>
      ) : null}
      {result.state === "results" ? <Results result={result} /> : null}
    </section>
  );
}

function Results({ result }: { result: Extract<SearchData, { state: "results" }> }) {
  const { q, missingSerial, before, discoveries, nextBefore, hunters } = result;
  const t = useT();
  return (
    <>
      {missingSerial !== null ? (
        <p role="status" className="mt-4 rounded-xl bg-amber-50 px-4 py-3 font-medium text-amber-900">
          {t("There is no Jimmy #{serial}.", { serial: String(missingSerial) })}
        </p>
      ) : null}
      {hunters.length > 0 ? (
        <>
          <h2 className="mt-6 text-lg font-bold">{t("Hunters matching “{query}”", { query: q })}</h2>
          <ul className="mt-3 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white" data-testid="hunter-results">
            {hunters.map((hunter) => (
              <li key={hunter.id} className="flex items-center justify-between gap-3 p-3">
                <Link to={`/hunters/${hunter.id}`} className="font-semibold text-orange-800 hover:underline">
                  {fullName(hunter.firstName, hunter.lastName)}
                </Link>
                <span className="text-sm text-stone-600">
                  {t("{count, plural, one {# discovery} other {# discoveries}}", { count: hunter.discoveries })}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {discoveries.length === 0 ? (
        <p className="mt-6 text-stone-700" data-testid="search-empty">
          {before === null ? t("No discoveries match “{query}”.", { query: q }) : t("No more discoveries match “{query}”.", { query: q })}
        </p>
      ) : (
        <>
          <h2 className="mt-6 text-lg font-bold">
            {before === null
              ? t("Discoveries matching “{query}”", { query: q })
              : t("Discoveries matching “{query}”, continued", { query: q })}
          </h2>
          <ul className="mt-3 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
            {discoveries.map((discovery) => (
              <SearchResult key={discovery.id} discovery={discovery} />
            ))}
          </ul>
        </>
      )}
      <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
        {before !== null ? (
          <Link to={searchHref(q)} className="text-orange-800 underline">
            {t("Back to the newest matches")}
          </Link>
        ) : null}
        {nextBefore !== null ? (
          <Link to={searchHref(q, nextBefore)} className="text-orange-800 underline" rel="next">
            {t("More results")}
          </Link>
        ) : null}
      </p>
    </>
  );
}

function SearchResult({ discovery }: { discovery: DiscoveryCardData & { day: string } }) {
  const { photo, jimmy, place, caption, user, createdAt, day } = discovery;
  const t = useT();
  const serial = String(jimmy.serialNumber);
  return (
    <li className="flex gap-4 p-3" data-testid="search-result">
      <img
        src={photo.src}
        alt=""
        width={80}
        height={80}
        loading="lazy"
        className="h-20 w-20 shrink-0 rounded-lg bg-stone-200 object-cover"
      />
      <div className="min-w-0">
        <Link to={`/discoveries/${discovery.id}`} className="font-semibold text-orange-800 hover:underline">
          {place ? t("Jimmy #{serial} · {place}", { serial, place }) : t("Jimmy #{serial}", { serial })}
        </Link>
        <p className="line-clamp-2 text-sm text-stone-700">{caption}</p>
        <p className="mt-1 text-xs text-stone-500">
          {t("Found by {name} · {date}", {
            name: (
              <Link to={`/hunters/${user.id}`} className="underline">
                {fullName(user.firstName, user.lastName)}
              </Link>
            ),
            date: <time dateTime={createdAt}>{day}</time>,
          })}
        </p>
      </div>
    </li>
  );
}
