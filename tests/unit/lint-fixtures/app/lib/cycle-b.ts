import { whole } from "./cycle-a";

export const half = (value: number) => value / 2;
export const roundTrip = (value: number) => whole(value);
