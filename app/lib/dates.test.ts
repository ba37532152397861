import { describe, expect, it } from "vitest";
import { commentTime, formatDate, relativeAge } from "./dates";
import { type Language, registerCatalogue } from "./language";
import { localDate, localDateTime } from "./local-time";
import { compileMessage } from "./messages";

// English compiled from the source (as the server does); the other languages from a few translations written here.
function catalogue(language: Language, words: Record<string, string>) {
  registerCatalogue(language, (key) => (typeof key === "string" ? compileMessage(words[key] ?? key) : undefined));
}
catalogue("en", {});
catalogue("fr", {
  "Just now": "À l'instant",
  "{hours, plural, other {#h ago}}": "{hours, plural, one {il y a # h} other {il y a # h}}",
  "{days, plural, other {#d ago}}": "{days, plural, one {il y a # j} other {il y a # j}}",
  "{days, plural, one {# day ago} other {# days ago}}": "{days, plural, one {il y a # jour} other {il y a # jours}}",
});
catalogue("ja", {
  "Just now": "たった今",
  "{hours, plural, other {#h ago}}": "{hours, plural, other {#時間前}}",
  "{days, plural, other {#d ago}}": "{days, plural, other {#日前}}",
  "{days, plural, one {# day ago} other {# days ago}}": "{days, plural, other {#日前}}",
});
catalogue("ar", {
  "Just now": "الآن",
  "{hours, plural, other {#h ago}}":
    "{hours, plural, zero {منذ # ساعة} one {منذ ساعة} two {منذ ساعتين} few {منذ # ساعات} many {منذ # ساعة} other {منذ # ساعة}}",
  "{days, plural, one {# day ago} other {# days ago}}":
    "{days, plural, zero {منذ # يوم} one {منذ يوم} two {منذ يومين} few {منذ # أيام} many {منذ # يومًا} other {منذ # يوم}}",
});

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

describe("ages and dates in other languages (CLDR plural rules, Intl dates)", () => {
  it("French: one for 1 (and 0–1.99), other from 2", () => {
    expect(relativeAge(ago(30 * MIN), now, "fr")).toBe("À l'instant");
    expect(commentTime(ago(DAY), now, "UTC", "fr")).toBe("il y a 1 jour");
    expect(commentTime(ago(2 * DAY), now, "UTC", "fr")).toBe("il y a 2 jours");
    expect(relativeAge(ago(3 * HOUR), now, "fr")).toBe("il y a 3 h");
    expect(commentTime(ago(7 * DAY), now, "UTC", "fr")).toBe("8 mars 2026");
  });
  it("Japanese: a single form for every number", () => {
    expect(commentTime(ago(DAY), now, "UTC", "ja")).toBe("1日前");
    expect(commentTime(ago(5 * DAY), now, "UTC", "ja")).toBe("5日前");
    expect(relativeAge(ago(12 * DAY), now, "ja")).toBe("12日前");
    expect(formatDate(ago(7 * DAY), "UTC", "ja")).toBe("2026年3月8日");
  });
  it("Arabic: one, two, few (3–10) and many (11–99)", () => {
    expect(relativeAge(ago(HOUR), now, "ar")).toBe("منذ ساعة");
    expect(relativeAge(ago(2 * HOUR), now, "ar")).toBe("منذ ساعتين");
    const number = (n: number) => new Intl.NumberFormat("ar").format(n);
    expect(relativeAge(ago(3 * HOUR), now, "ar")).toBe(`منذ ${number(3)} ساعات`);
    expect(relativeAge(ago(11 * HOUR), now, "ar")).toBe(`منذ ${number(11)} ساعة`);
    expect(commentTime(ago(DAY), now, "UTC", "ar")).toBe("منذ يوم");
    expect(commentTime(ago(2 * DAY), now, "UTC", "ar")).toBe("منذ يومين");
    expect(commentTime(ago(4 * DAY), now, "UTC", "ar")).toBe(`منذ ${number(4)} أيام`);
  });
  it("words German ages and dates in German", () => {
    expect(relativeAge(ago(2 * DAY), now, "de")).toBe("vor 2 T.");
    expect(localDate("2026-11-22T03:30:00.000Z", "America/Chicago", "de")).toBe("21. Nov. 2026");
  });
  it("keeps each language's wording of the same instant apart", () => {
    const instant = "2026-11-22T03:30:00.000Z";
    expect(formatDate(instant, "America/Chicago", "fr")).toBe("21 nov. 2026");
    expect(formatDate(instant, "America/Chicago")).toBe("Nov 21, 2026");
    expect(localDateTime(instant, "America/Chicago", "fr")).toBe(
      new Intl.DateTimeFormat("fr", {
        timeZone: "America/Chicago",
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      }).format(new Date(instant)),
    );
    expect(localDateTime(instant, "America/Chicago")).toBe("Nov 21, 2026, 9:30 PM CST");
  });
});
