import { describe, expect, it } from "vitest";
import { qrErrorMessage, UNKNOWN_QR_ERROR_MESSAGE } from "./qr-errors";

describe("qrErrorMessage", () => {
  it("maps each known code to its message", () => {
    expect(qrErrorMessage("invalid_qr")).toMatch(/^The QR code appears to be malformed/);
    expect(qrErrorMessage("invalid_serial")).toMatch(/^The Jimmy serial number is not valid/);
    expect(qrErrorMessage("invalid_check")).toMatch(/^Sorry, this QR code could not be verified/);
    expect(qrErrorMessage("server_error")).toMatch(/^A server error occurred/);
  });

  it("falls back to the unknown message for anything else, including prototype keys", () => {
    for (const code of ["", "nope", "toString", "__proto__", "constructor"]) {
      expect(qrErrorMessage(code)).toBe(UNKNOWN_QR_ERROR_MESSAGE);
    }
  });
});
