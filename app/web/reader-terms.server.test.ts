import { describe, expect, it } from "vitest";
import { discoveryZone, placeTimeZone } from "~/services/time-zones.server";
import { localDate, localDateTime } from "~/lib/local-time";
import { discoveryDateTime, placeDate, readerDateTime } from "./reader-terms.server";

// 6:01 pm on 21 November in Chicago (CST, UTC−6) is already the 22nd in UTC.
const CHICAGO_EVENING = "2026-11-22T00:01:00.000Z";
const CHICAGO = { latitude: 41.8781, longitude: -87.6298 };

describe("a discovery's date in the reader's terms", () => {
  it("is told in the time zone of the place it was found", () => {
    expect(placeTimeZone(CHICAGO.latitude, CHICAGO.longitude)).toBe("America/Chicago");
    expect(discoveryDateTime({ createdAt: CHICAGO_EVENING, ...CHICAGO }, "Asia/Tokyo")).toBe("Nov 21, 2026, 6:01 PM CST");
    expect(placeDate(CHICAGO_EVENING, { latitude: "41.8781", longitude: "-87.6298" }, null)).toBe("Nov 21, 2026");
    expect(discoveryDateTime({ createdAt: "2026-07-04T23:30:00.000Z", latitude: 48.8566, longitude: 2.3522 }, null)).toBe(
      "Jul 5, 2026, 1:30 AM GMT+2",
    );
  });

  it("falls back to the reader's zone without coordinates, else UTC, and then names the zone", () => {
    expect(discoveryZone({ latitude: null, longitude: null }, "Asia/Tokyo")).toEqual({ timeZone: "Asia/Tokyo", ofPlace: false });
    expect(discoveryDateTime({ createdAt: CHICAGO_EVENING, latitude: null, longitude: null }, "Asia/Tokyo")).toBe(
      "Nov 22, 2026, 9:01 AM GMT+9",
    );
    expect(discoveryDateTime({ createdAt: CHICAGO_EVENING, latitude: null, longitude: null }, null)).toBe("Nov 22, 2026, 12:01 AM UTC");
  });

  it("tells a moment of no place (an admin's action) in the reader's zone, else UTC, naming the zone either way", () => {
    const reader = (timeZone: string | null) => ({ units: "mi" as const, unitsChosen: false, timeZone });
    expect(readerDateTime(CHICAGO_EVENING, reader("America/Chicago"))).toBe("Nov 21, 2026, 6:01 PM CST");
    expect(readerDateTime(CHICAGO_EVENING, reader(null))).toBe("Nov 22, 2026, 12:01 AM UTC");
  });

  it("never throws on coordinates out of range or a date that is not one", () => {
    expect(placeTimeZone(95, 0)).toBeNull();
    expect(placeTimeZone(Number.NaN, 0)).toBeNull();
    expect(localDate("not a date", "UTC")).toBe("Invalid Date");
    expect(localDateTime("not a date", "UTC")).toBe("Invalid Date");
  });
});
