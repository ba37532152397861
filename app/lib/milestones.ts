import type { MilestoneKind } from "./journey";
import { type MessageKey, translator } from "./language";
import { countryName } from "./places";
import type { DistanceUnit } from "./reader-preferences";
import { KM_PER_MILE } from "./units";

/** `t` in the reader's language (useT in a page, requestT on the server). */
type Words = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * How a milestone reads on the timeline, a profile and a notification:
 * "1,000 miles (1,609 km) travelled" (or "1,609 km (1,000 miles) travelled"
 * for a reader of kilometres), "Its 10th different finder", "First time in
 * Japan". Worded on the server in the reader's language (`t`; English when
 * not given): pages get the text.
 */
export function milestoneText(
  { kind, value }: { kind: MilestoneKind; value: string },
  unit: DistanceUnit = "mi",
  t: Words = translator("en"),
): string {
  switch (kind) {
    case "miles": {
      const miles = Number(value);
      const km = Math.round(miles * KM_PER_MILE);
      return unit === "km"
        ? t("{km, number} km ({miles, plural, one {# mile} other {# miles}}) travelled", { km, miles })
        : t("{miles, plural, one {# mile} other {# miles}} ({km, number} km) travelled", { km, miles });
    }
    case "finders":
      return t("Its {count, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} different finder", { count: Number(value) });
    case "country":
      return t("First time in {country}", { country: countryName(value) });
  }
}
