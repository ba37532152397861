/**
 * How precisely a hunter's own position is published (issue 25, item 5): the
 * exact spot (the default: the next hunter needs the hiding spot), or about
 * a kilometre, rounded before anything is stored.
 */
export type LocationPrecision = "exact" | "approximate";

export const LOCATION_PRECISIONS: readonly LocationPrecision[] = ["exact", "approximate"];

/** Two decimals of a degree: 1.1 km north–south, less east–west away from the equator; the spot moves by half that at most. */
const APPROXIMATE_DECIMALS = 2;

export function publishedPosition<T extends { latitude: number; longitude: number }>(position: T, precision: LocationPrecision): T {
  if (precision === "exact") return position;
  const round = (value: number) => Number(value.toFixed(APPROXIMATE_DECIMALS));
  return { ...position, latitude: round(position.latitude), longitude: round(position.longitude) };
}

export const PRECISION_LABELS: Record<LocationPrecision, string> = {
  exact: "The exact spot (the next hunter needs the hiding spot)",
  approximate: "Approximate (about 1 km): rounded before it is stored",
};
