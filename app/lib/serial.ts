/** Serial numbers are positive whole numbers of at most nine digits, written without leading zeros. */
const SERIAL_PATTERN = /^[1-9]\d{0,8}$/;

export function parseSerial(value: string | undefined | null): number | null {
  if (!value || !SERIAL_PATTERN.test(value)) return null;
  return Number(value);
}
