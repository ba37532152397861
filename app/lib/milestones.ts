import { formatCount, ordinal } from "./format";
import type { MilestoneKind } from "./journey";
import { KM_PER_MILE } from "./near-me";
import { countryName } from "./places";

/**
 * How a milestone reads on the timeline, a profile and a notification:
 * "1,000 miles (1,609 km) travelled", "Its 10th different finder",
 * "First time in Japan". Worded on the server: pages get the text.
 */
export function milestoneText({ kind, value }: { kind: MilestoneKind; value: string }): string {
  switch (kind) {
    case "miles": {
      const miles = Number(value);
      return `${formatCount(miles)} miles (${formatCount(Math.round(miles * KM_PER_MILE))} km) travelled`;
    }
    case "finders":
      return `Its ${ordinal(Number(value))} different finder`;
    case "country":
      return `First time in ${countryName(value)}`;
  }
}
