import { msg } from "./language";

/** SPEC.md §8: the messages /found shows for each QR error code (message keys: worded by `t`). */
export const QR_ERROR_MESSAGES = {
  invalid_qr: msg("The QR code appears to be malformed or incomplete. Please try scanning again."),
  invalid_serial: msg("The Jimmy serial number is not valid. Please contact support if this continues."),
  invalid_check: msg(
    "Sorry, this QR code could not be verified. This could be due to damage to the QR code, camera focus issues, or scanning problems. Please try scanning again with good lighting and a steady hand. If this continues, please report the Jimmy number to support.",
  ),
  server_error: msg("A server error occurred while processing the QR code. Please try again in a moment."),
} as const;

export type QrErrorCode = keyof typeof QR_ERROR_MESSAGES;

export const UNKNOWN_QR_ERROR_MESSAGE = msg("An unknown error occurred. Please try scanning again.");

export function qrErrorMessage(code: string): string {
  return Object.hasOwn(QR_ERROR_MESSAGES, code) ? QR_ERROR_MESSAGES[code as QrErrorCode] : UNKNOWN_QR_ERROR_MESSAGE;
}
