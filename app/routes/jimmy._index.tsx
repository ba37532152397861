import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link } from "~/components/Link";
import { buttonClass } from "~/components/ui/Button";
import { AlertIcon } from "~/components/ui/icons";
import { metaT, useT } from "~/components/i18n";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("Invalid URL") }];
};

/** /jimmy without a serial number. */
export function loader() {
  return data(null, { status: 400 });
}

export default function JimmyWithoutSerial() {
  const t = useT();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-orange-100 text-orange-800">
        <AlertIcon className="h-7 w-7" />
      </span>
      <h1 className="mt-5 text-2xl font-extrabold tracking-tight">{t("Invalid URL")}</h1>
      <p className="mt-3 text-stone-700">{t("Jimmy pages need a number, like /jimmy/12.")}</p>
      <Link to="/discoveries" className={buttonClass("primary", "cta", "mt-8")}>
        {t("Browse all discoveries")}
      </Link>
    </section>
  );
}
