/**
 * The code on a Jimmy's label: its serial and a check code, `{serial}-{check}`
 * (e.g. `42-7KX3PA`). The check is six characters of Crockford's base 32,
 * which has no I, L, O or U; when typed by hand, O is read as 0 and I or L as
 * 1, case and spaces do not matter. Shared by the server and the /scan page.
 */
export const CHECK_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CHECK_LENGTH = 6;

/**
 * A check code as printed, from whatever a hunter typed (the label prints it
 * as "Code 7KX3PA", so a leading "Code" is allowed); null if it cannot be one.
 */
export function normalizeCheck(input: string): string | null {
  return asCheck(input) ?? asCheck(input.replace(/^\s*code\s*[:#]?/i, ""));
}

function asCheck(input: string): string | null {
  const cleaned = input.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (cleaned.length !== CHECK_LENGTH) return null;
  for (const char of cleaned) if (!CHECK_ALPHABET.includes(char)) return null;
  return cleaned;
}

const CODE_PATTERN = /^([1-9]\d{0,8})-([0-9A-Za-z]{6})$/;

/** Splits a label code; null when it is malformed. */
export function parseLabelCode(code: string): { serial: number; check: string } | null {
  const match = CODE_PATTERN.exec(code.trim());
  if (!match) return null;
  const check = normalizeCheck(match[2]!);
  return check ? { serial: Number(match[1]), check } : null;
}

/**
 * The label code in something a camera read: the path of a /q/ URL on any
 * host (the page navigates within this site only, so a QR code pointing
 * elsewhere cannot send the hunter away), or a bare code.
 */
export function labelCodeFromScan(text: string): string | null {
  const trimmed = text.trim();
  let candidate = trimmed;
  try {
    const url = new URL(trimmed);
    const match = /^\/q\/([^/]+)\/?$/.exec(url.pathname);
    if (!match) return null;
    candidate = decodeURIComponent(match[1]!);
  } catch {
    // Not a URL: perhaps the code itself.
  }
  return parseLabelCode(candidate) ? candidate : null;
}
