import { shout } from "~/lib/format";
import type { Row } from "~/infra/db.server";

export function Shout({ row }: { row: Row }) {
  return <p>{shout(row.name)}</p>;
}
