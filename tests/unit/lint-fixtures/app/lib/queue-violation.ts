import { queue } from "~/browser/outbox";

export const keep = (text: string) => queue(text);
