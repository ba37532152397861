/** 1 → "st", 2 → "nd", 3 → "rd", 11–13 → "th", 21 → "st", 111 → "th". */
export function ordinalSuffix(n: number): "st" | "nd" | "rd" | "th" {
  const lastTwo = Math.abs(n) % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return "th";
  switch (Math.abs(n) % 10) {
    case 1:
      return "st";
    case 2:
      return "nd";
    case 3:
      return "rd";
    default:
      return "th";
  }
}

export function ordinal(n: number): string {
  return `${n}${ordinalSuffix(n)}`;
}

/** Coordinates are shown with 4 decimals (6 on the map card). */
export function formatCoordinate(value: number, decimals: 4 | 6 = 4): string {
  return value.toFixed(decimals);
}

export function formatCoordinates(latitude: number, longitude: number, decimals: 4 | 6 = 4): string {
  return `${formatCoordinate(latitude, decimals)}, ${formatCoordinate(longitude, decimals)}`;
}

export function initials(firstName: string, lastName: string): string {
  const letters = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return letters || "?";
}

export function fullName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}

// toLocaleString builds a formatter on every call: one, kept.
const counts = new Intl.NumberFormat("en-US");

export function formatCount(n: number): string {
  return counts.format(n);
}

export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
