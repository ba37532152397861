import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { metaT, useT } from "~/components/i18n";
import { Link } from "~/components/Link";
import { jimmyPath } from "~/lib/discoveries";
import { listMintedSerials } from "~/models/jimmys.server";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { checkCodeFor } from "~/services/qr.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("Demo label codes") }, { name: "robots", content: "noindex" }];
};

/** The most demo Jimmys listed: the demo data has 64. */
const MAX_LISTED = 200;

/**
 * The codes printed on the demo Jimmys' labels, so someone trying the demo
 * can report a discovery without a printed label (docs/security.md). Only
 * while the local demo sign-in is on, which is loopback only; otherwise 404.
 */
export async function loader(_: LoaderFunctionArgs) {
  if (!env().demoSignIn) throw new Response("Not Found", { status: 404 });
  const serials = await listMintedSerials(getDb(), 1, MAX_LISTED);
  return { labels: serials.map((serial) => ({ serial, code: checkCodeFor(serial) })) };
}

export default function DemoCodes() {
  const { labels } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("Demo label codes")}</h1>
      <p className="mt-2 text-stone-700">
        {t(
          "Reporting a discovery asks for the code printed on the Jimmy's label. In this demo there are no printed labels, so here are theirs: open a Jimmy, choose \u201cAdd Your Discovery\u201d and type its code.",
        )}
      </p>
      <table className="mt-6 w-full text-start">
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-2">
              {t("Jimmy")}
            </th>
            <th scope="col" className="py-2">
              {t("Code on the label")}
            </th>
          </tr>
        </thead>
        <tbody>
          {labels.map(({ serial, code }) => (
            <tr key={serial} className="border-b border-stone-100">
              <td className="py-1.5">
                <Link to={jimmyPath(serial)} className="font-semibold text-orange-800 underline hover:text-orange-900">
                  #{serial}
                </Link>
              </td>
              <td className="py-1.5 font-mono">{t("Code {code}", { code })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
