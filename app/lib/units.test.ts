import { describe, expect, it } from "vitest";
// The English catalogue, as the server registers it: the messages are worded by `t`.
import "~/web/language.server";
import { milestoneText } from "./milestones";
import { formatDistance as nearMeDistance } from "./near-me";
import { distanceFigure, formatBothUnits, formatDistance } from "./units";
// The catalogues, as the server registers them at start (the words are worded by translate()).
import "~/web/language.server";

describe("distances in the reader's unit", () => {
  it("words miles or kilometres", () => {
    expect(formatDistance(1, "mi")).toBe("1 mile");
    expect(formatDistance(2.46, "mi")).toBe("2.5 miles");
    expect(formatDistance(2.46, "km")).toBe("4 km");
    expect(formatDistance(1240, "km")).toBe("1,996 km");
    expect(formatDistance(12.34, "mi", { fixed: true })).toBe("12.3 miles");
    expect(formatDistance(12.34, "km", { fixed: true })).toBe("19.9 km");
    expect(distanceFigure(4321.4, "mi")).toBe("4,321");
  });

  it("puts the reader's unit first where both are shown", () => {
    expect(formatBothUnits(12, "mi")).toBe("12 mi (19 km)");
    expect(formatBothUnits(12, "km")).toBe("19 km (12 mi)");
    expect(nearMeDistance(19.3121, "km")).toBe("19 km (12 mi)");
    expect(milestoneText({ kind: "miles", value: "1000" })).toBe("1,000 miles (1,609 km) travelled");
    expect(milestoneText({ kind: "miles", value: "1000" }, "km")).toBe("1,609 km (1,000 miles) travelled");
  });
});
