import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { FlagTargetKindSchema } from "~/lib/flag-schema";
import { MAX_ROW_ID } from "~/lib/ids";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import type { ToastInput } from "~/lib/toast";
import { redirectWithToast } from "~/web/flash.server";
import { checkFields } from "~/web/form-action.server";
import { readForm } from "~/web/form.server";
import { acceptFlags, rejectFlags, STORAGE_DOWN_DELETE_TEXT } from "~/services/moderation.server";
import { requireAdmin } from "~/web/session.server";
import { getStorage, StorageUnavailableError } from "~/infra/storage.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

/** Decisions are POSTs from the admin panel's flag queue; anything else just goes there. */
export function loader() {
  return redirect("/admin#flags");
}

const DecisionSchema = z.object({
  kind: FlagTargetKindSchema,
  id: z.coerce.number().int().positive().max(MAX_ROW_ID),
  intent: z.enum(["accept", "dismiss"]),
});

/**
 * The admin's decision on a flagged discovery or comment: accept deletes it
 * through the moderation path (photos, figures, Hall of Fame, audit log);
 * dismiss keeps it and closes its flags. Both are logged with the flags'
 * count and reasons.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  await requireAdmin(request, { db });
  const form = await readForm(request);
  const parsed = checkFields(DecisionSchema, { ...params, intent: form.get("intent") });
  // Back to the page of the queue the decision was made on.
  const flagPage = checkFields(z.coerce.number().int().min(2).max(100_000), form.get("flags"));
  const done = async (toast: ToastInput) => redirectWithToast(flagPage.ok ? `/admin?flags=${flagPage.data}#flags` : "/admin#flags", toast);
  if (!parsed.ok)
    return done({
      title: "Failed to decide",
      description: "That flag decision wasn't understood. Please reload the panel.",
      variant: "destructive",
    });
  const { kind, id, intent } = parsed.data;
  const target = { kind, id };
  const address = clientAddress(request, context);
  const what = kind === "discovery" ? "discovery" : "comment";
  if (intent === "dismiss") {
    const dismissed = await rejectFlags(db, { target, clientAddress: address });
    return dismissed
      ? done({ title: "Flags dismissed", description: `The ${what} stays; its flags are closed.`, variant: "success" })
      : done({ title: "Nothing to dismiss", description: `That ${what} has no open flags any more.` });
  }
  let deleted;
  try {
    deleted = await acceptFlags(db, getStorage(), { target, clientAddress: address });
  } catch (error) {
    if (error instanceof StorageUnavailableError)
      return done({ title: "Failed to delete", description: STORAGE_DOWN_DELETE_TEXT, variant: "destructive" });
    throw error;
  }
  return deleted
    ? done({
        title: "Flag accepted",
        description: `The flagged ${what} on Jimmy #${deleted.serialNumber} was deleted.`,
        variant: "success",
      })
    : done({ title: "Already gone", description: `That ${what} was already deleted.` });
}
