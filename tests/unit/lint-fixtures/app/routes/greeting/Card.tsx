import { shout } from "~/lib/format";

export function Card({ name }: { name: string }) {
  return <p>{shout(name)}</p>;
}
