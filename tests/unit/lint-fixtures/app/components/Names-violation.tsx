import { names } from "~/models/names.server";

export function Names() {
  return <p>{names().join(", ")}</p>;
}
