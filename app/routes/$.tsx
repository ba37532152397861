import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { NotFoundPage } from "~/root";

export const meta: MetaFunction = () => [{ title: "404 Page Not Found" }];

export function loader() {
  return data(null, { status: 404 });
}

export default function CatchAll() {
  return <NotFoundPage />;
}
