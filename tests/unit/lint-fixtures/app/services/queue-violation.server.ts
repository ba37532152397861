import { queued } from "../browser/outbox";

export const pending = () => queued.length;
