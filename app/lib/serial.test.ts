import { expect, it } from "vitest";
import { parseSerial } from "./serial";

it.each([
  ["1", 1],
  ["42", 42],
  ["999999999", 999999999],
])("reads serial %s", (value, expected) => {
  expect(parseSerial(value)).toBe(expected);
});

it.each(["", "0", "012", "-1", "1.5", "12abc", " 12", "1e3", "9".repeat(10), "9".repeat(10_000)])("rejects %j", (value) => {
  expect(parseSerial(value)).toBeNull();
});
