import { names } from "~/models/names.server";

// Beside route.tsx, and so bundled for the browser with the page that renders it.
export function Names() {
  return <p>{names().join(", ")}</p>;
}
