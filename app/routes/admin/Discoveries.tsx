import { Link } from "~/components/Link";
import type { PanelData } from "./route";

/** The panel's address with both lists' pages: the discoveries' (with the newest id they count up to) and the flag queue's. */
export function panelHref({ page, upto, flagPage }: { page?: number; upto?: number; flagPage: number }, hash = ""): string {
  const params = new URLSearchParams();
  if (page !== undefined && upto !== undefined) {
    params.set("page", String(page));
    params.set("upto", String(upto));
  }
  if (flagPage > 1) params.set("flags", String(flagPage));
  const query = params.toString();
  return `/admin${query ? `?${query}` : ""}${hash}`;
}

/** Every discovery, newest first, a page at a time, each with its photo replaced or the discovery deleted on a page of its own. */
export function Discoveries({ panel }: { panel: PanelData }) {
  return (
    <>
      <h2 className="mt-8 text-xl font-bold">Discoveries</h2>
      {panel.discoveries.length === 0 ? (
        <p className="mt-3 text-stone-600">No discoveries yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white" aria-label="Discoveries">
          {panel.discoveries.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-4 p-3" data-testid="admin-discovery" data-discovery-id={d.id}>
              <img
                src={d.photo.src}
                alt={`Discovery of Jimmy #${d.serialNumber}`}
                width={96}
                height={72}
                className="h-18 w-24 rounded-lg bg-stone-200 object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  <Link to={`/jimmy/${d.serialNumber}`} className="hover:underline">
                    Jimmy #{d.serialNumber}
                  </Link>
                  {d.isFirst ? (
                    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800">First discovery</span>
                  ) : null}
                </p>
                <p className="text-sm text-stone-700">
                  by {d.hunterName} · {d.when}
                  {d.place ? ` · ${d.place}` : ""}
                </p>
                <p className="truncate text-sm text-stone-600">{d.caption}</p>
              </div>
              <div className="flex gap-2">
                <Link
                  to={`/admin/discoveries/${d.id}/image`}
                  className="rounded-full border border-stone-300 px-3 py-1.5 text-sm font-semibold hover:bg-stone-50"
                  aria-label={`Replace image of discovery ${d.id} (Jimmy #${d.serialNumber})`}
                >
                  Replace image
                </Link>
                <Link
                  to={`/admin/discoveries/${d.id}/delete${panel.page > 1 ? `?page=${panel.page}` : ""}`}
                  className="rounded-full border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                  aria-label={`Delete discovery ${d.id} (Jimmy #${d.serialNumber})`}
                >
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {panel.pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
          {panel.page > 1 ? (
            <Link
              to={panelHref({ page: panel.page - 1, upto: panel.upto, flagPage: panel.flags.page })}
              className="font-semibold text-orange-800 hover:underline"
              rel="prev"
            >
              ← Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone-600">
            Page {panel.page} of {panel.pages}
          </span>
          {panel.page < panel.pages ? (
            <Link
              to={panelHref({ page: panel.page + 1, upto: panel.upto, flagPage: panel.flags.page })}
              className="font-semibold text-orange-800 hover:underline"
              rel="next"
            >
              Older →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
