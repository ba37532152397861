/**
 * Preloaded (`node --import`) into a process that must believe it is another
 * moment: its clock starts at SHIFTED_CLOCK_START and runs on at the real
 * pace from there, so deadlines and timeouts still pass while every date the
 * process words ("2h ago", "Nov 20, 2026") is the same in every run. Only the
 * screenshot tests use it, on a server of their own.
 */
const start = Date.parse(process.env.SHIFTED_CLOCK_START ?? "");
if (Number.isNaN(start)) throw new Error("SHIFTED_CLOCK_START must be an ISO date");

const RealDate = Date;
const offset = start - RealDate.now();
const shiftedNow = () => RealDate.now() + offset;

globalThis.Date = new Proxy(RealDate, {
  construct: (target, args: unknown[]) =>
    args.length === 0 ? new target(shiftedNow()) : new target(...(args as ConstructorParameters<DateConstructor>)),
  apply: () => new RealDate(shiftedNow()).toString(),
  get: (target, property, receiver) => (property === "now" ? shiftedNow : Reflect.get(target, property, receiver)),
});
