import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { moderateDeleteComment } from "~/services/moderation.server";
import { requireAdmin } from "~/web/session.server";
import { MAX_ROW_ID } from "~/lib/ids";
import { keepDataAfterTransportFailure, keepPageOnTransportFailure } from "~/lib/transport";

/** Deleting is a POST from the admin panel; anything else just goes there. */
export function loader() {
  return redirect("/admin");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  await requireAdmin(request, { db });
  const id = z.coerce.number().int().positive().max(MAX_ROW_ID).safeParse(params.id);
  const deleted = id.success ? await moderateDeleteComment(db, { id: id.data, clientAddress: clientAddress(request, context) }) : null;
  if (!deleted) {
    return redirectWithToast("/admin", {
      title: "Failed to delete comment",
      description: "That comment no longer exists.",
      variant: "destructive",
    });
  }
  return redirectWithToast("/admin", {
    title: "Comment deleted",
    description: `The comment on Jimmy #${deleted.serialNumber} was removed.`,
    variant: "success",
  });
}

/** A request lost on the way keeps the page as it was (see ~/lib/transport). */
export const clientAction = keepPageOnTransportFailure;
export const shouldRevalidate = keepDataAfterTransportFailure;
