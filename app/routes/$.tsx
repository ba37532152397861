import { SITE_IMAGE } from "~/lib/site-page-preview";
import { linkPreview, previewSite } from "~/lib/link-preview";
import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { NotFoundPage } from "~/components/ui/ErrorPage";

export const meta: MetaFunction = ({ matches }) =>
  linkPreview({
    site: previewSite(matches),
    path: "/",
    title: previewSite(matches).name,
    documentTitle: "404 Page Not Found",
    description: "Follow the Jimmys' journeys around the world, and report the one you found.",
    ...SITE_IMAGE,
  });

export function loader() {
  return data(null, { status: 404 });
}

export default function CatchAll() {
  return <NotFoundPage />;
}
