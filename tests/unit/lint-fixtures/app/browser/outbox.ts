import { shout } from "~/lib/format";

export const queued: string[] = [];
export const queue = (text: string) => queued.push(shout(text));
