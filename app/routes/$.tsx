import { siteImage } from "~/lib/site-page-preview";
import { linkPreview, previewSite } from "~/lib/link-preview";
import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { NotFoundPage } from "~/components/ui/ErrorPage";
import { metaT } from "~/components/i18n";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return linkPreview({
    site: previewSite(matches),
    path: "/",
    title: previewSite(matches).name,
    documentTitle: t("404 Page Not Found"),
    description: t("Follow the Jimmys' journeys around the world, and report the one you found."),
    ...siteImage(t),
  });
};

export function loader() {
  return data(null, { status: 404 });
}

export default function CatchAll() {
  return <NotFoundPage />;
}
