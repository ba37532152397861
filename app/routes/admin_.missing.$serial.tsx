import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { parseSerial } from "~/lib/serial";
import type { ToastInput } from "~/lib/toast";
import { recordAdminAction } from "~/models/audit-log.server";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { clearMissing, confirmMissing } from "~/models/missing.server";
import { getDb } from "~/infra/db.server";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { redirectWithToast } from "~/web/flash.server";
import { checkFields } from "~/web/form-action.server";
import { readForm } from "~/web/form.server";
import { requireAdmin } from "~/web/session.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

/** Decisions are POSTs from the admin panel's missing queue; anything else just goes there. */
export function loader() {
  return redirect("/admin#missing");
}

const IntentSchema = z.enum(["confirm", "clear"]);

/**
 * The admin's word on a Jimmy reported missing: confirm marks a discovered
 * Jimmy possibly missing whatever the reports say; clear drops its reports
 * and, if it was possibly missing, shows it as discovered again. Both are
 * in the audit log.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  await requireAdmin(request, { db });
  const form = await readForm(request);
  const intent = checkFields(IntentSchema, form.get("intent"));
  const serialNumber = parseSerial(params.serial);
  const done = (toast: ToastInput) => redirectWithToast("/admin#missing", toast);
  const jimmy = serialNumber === null ? undefined : await findJimmyBySerial(db, serialNumber);
  if (!intent.ok || !jimmy)
    return done({
      title: "Failed to decide",
      description: "That decision wasn't understood. Please reload the panel.",
      variant: "destructive",
    });
  const changed = await db
    .transaction()
    .execute((trx) => (intent.data === "confirm" ? confirmMissing(trx, jimmy.id) : clearMissing(trx, jimmy.id)));
  if (!changed)
    return done({
      title: "Nothing to change",
      description:
        intent.data === "confirm"
          ? `Jimmy #${jimmy.serial_number} is not a discovered Jimmy any more.`
          : `Jimmy #${jimmy.serial_number} has no missing reports any more.`,
    });
  await recordAdminAction(db, {
    action: intent.data === "confirm" ? "confirm_missing" : "clear_missing",
    targetType: "jimmy",
    targetId: jimmy.serial_number,
    clientAddress: clientAddress(request, context),
  });
  return done(
    intent.data === "confirm"
      ? {
          title: "Marked possibly missing",
          description: `Jimmy #${jimmy.serial_number} is shown as possibly missing until it is found.`,
          variant: "success",
        }
      : { title: "Cleared", description: `Jimmy #${jimmy.serial_number}'s missing reports are cleared.`, variant: "success" },
  );
}
