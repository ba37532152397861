import { half } from "~/lib/cycle-b";

export const whole = (value: number) => half(value) * 2;
