import { formatCount, ordinal } from "./format";
import type { MilestoneKind } from "./journey";
import { countryName } from "./places";
import type { DistanceUnit } from "./reader-preferences";
import { KM_PER_MILE } from "./units";

/**
 * How a milestone reads on the timeline, a profile and a notification:
 * "1,000 miles (1,609 km) travelled" (or "1,609 km (1,000 miles) travelled"
 * for a reader of kilometres), "Its 10th different finder", "First time in
 * Japan". Worded on the server: pages get the text.
 */
export function milestoneText({ kind, value }: { kind: MilestoneKind; value: string }, unit: DistanceUnit = "mi"): string {
  switch (kind) {
    case "miles": {
      const miles = `${formatCount(Number(value))} miles`;
      const km = `${formatCount(Math.round(Number(value) * KM_PER_MILE))} km`;
      return unit === "km" ? `${km} (${miles}) travelled` : `${miles} (${km}) travelled`;
    }
    case "finders":
      return `Its ${ordinal(Number(value))} different finder`;
    case "country":
      return `First time in ${countryName(value)}`;
  }
}
