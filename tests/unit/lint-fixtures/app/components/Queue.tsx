import { queue } from "~/browser/outbox";

export function Queue({ text }: { text: string }) {
  return <button onClick={() => queue(text)}>{text}</button>;
}
