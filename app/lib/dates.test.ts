import { describe, expect, it } from "vitest";
import { commentTime, formatDate, relativeAge } from "./dates";
import { localDateTime } from "./local-time";

const now = new Date("2026-03-15T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("relativeAge on feed cards", () => {
  it.each([
    [0, "Just now"],
    [59 * MIN, "Just now"],
    [HOUR, "1h ago"],
    [23 * HOUR, "23h ago"],
    [24 * HOUR - 1, "23h ago"],
    [DAY, "1d ago"],
    [6 * DAY, "6d ago"],
    [7 * DAY, "7d ago"],
    [400 * DAY, "400d ago"],
  ])("%i ms ago → %s", (ms, expected) => {
    expect(relativeAge(ago(ms), now)).toBe(expected);
  });

  it("treats a time slightly in the future (clock skew) as just now", () => {
    expect(relativeAge(new Date(now.getTime() + 5 * MIN), now)).toBe("Just now");
  });
});

describe("commentTime", () => {
  it.each([
    [59 * MIN, "Just now"],
    [HOUR, "1h ago"],
    [23 * HOUR, "23h ago"],
    [DAY, "1 day ago"],
    [2 * DAY - 1, "1 day ago"],
    [2 * DAY, "2 days ago"],
    [6 * DAY, "6 days ago"],
  ])("%i ms ago → %s", (ms, expected) => {
    expect(commentTime(ago(ms), now)).toBe(expected);
  });

  it("shows the date from 7 days on", () => {
    expect(commentTime(ago(7 * DAY), now)).toBe("Mar 8, 2026");
  });
});

describe("calendar dates", () => {
  it("formats dates in UTC so server and browser agree", () => {
    expect(formatDate("2025-08-30T23:30:00.000Z")).toBe("Aug 30, 2025");
    expect(formatDate(new Date(Date.UTC(2026, 0, 1, 0, 0)))).toBe("Jan 1, 2026");
  });
  it("shows a malformed stored date as such instead of failing the page", () => {
    expect(formatDate("not a date")).toBe("Invalid Date");
  });
  it("words an instant for each zone and each way it is asked, however often it is asked (each wording is kept)", () => {
    const instant = "2026-11-22T03:30:00.000Z";
    const asked = () => [
      formatDate(instant, "America/Chicago"),
      formatDate(instant, "Asia/Tokyo"),
      formatDate(new Date(instant), "America/Chicago"),
      localDateTime(instant, "America/Chicago"),
      localDateTime(instant, "Asia/Tokyo"),
    ];
    const expected = ["Nov 21, 2026", "Nov 22, 2026", "Nov 21, 2026", "Nov 21, 2026, 9:30 PM CST", "Nov 22, 2026, 12:30 PM GMT+9"];
    expect(asked()).toEqual(expected);
    expect(asked()).toEqual(expected);
  });
});
