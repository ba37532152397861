import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ConfirmOrCancel } from "~/components/ui/FormParts";
import { z } from "zod";
import { discoveryDateTime, requestPreferences } from "~/web/reader-terms.server";
import { requestLanguage } from "~/web/language.server";
import { ADMIN_HEADERS, requireAdminPageDiscovery } from "~/web/admin.server";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { moderateDeleteDiscovery, STORAGE_DOWN_DELETE_TEXT } from "~/services/moderation.server";
import { requireAdmin } from "~/web/session.server";
import { checkFields } from "~/web/form-action.server";
import { getStorage, StorageUnavailableError } from "~/infra/storage.server";
import { MAX_ROW_ID } from "~/lib/ids";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = () => [{ title: "Delete discovery · Admin" }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = () => ADMIN_HEADERS;

const IdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

/** Back to the page of the list the admin came from. */
function adminListUrl(request: Request): string {
  const page = new URL(request.url).searchParams.get("page");
  return page && /^[1-9]\d{0,5}$/.test(page) ? `/admin?page=${page}` : "/admin";
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const discovery = await requireAdminPageDiscovery(request, getDb(), params.id, "Failed to delete discovery");
  return {
    discovery,
    when: discoveryDateTime(discovery, requestPreferences(request).timeZone, requestLanguage(request)),
    back: adminListUrl(request),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  await requireAdmin(request, { db });
  const id = checkFields(IdSchema, params.id);
  const adminUrl = adminListUrl(request);
  const failed = async (description: string) =>
    redirectWithToast(adminUrl, { title: "Failed to delete discovery", description, variant: "destructive" });
  if (!id.ok) return failed("That discovery no longer exists.");
  let deleted;
  try {
    deleted = await moderateDeleteDiscovery(db, getStorage(), { id: id.data, clientAddress: clientAddress(request, context) });
  } catch (error) {
    if (error instanceof StorageUnavailableError) return failed(STORAGE_DOWN_DELETE_TEXT);
    console.error("Deleting a discovery failed", error);
    return failed("Something went wrong on our side. Please try again.");
  }
  if (!deleted) return failed("That discovery no longer exists.");
  return redirectWithToast(adminUrl, {
    title: "Discovery deleted",
    description: `The discovery of Jimmy #${deleted.serialNumber} was removed.`,
    variant: "success",
  });
}

export default function DeleteDiscovery() {
  const { discovery, when, back } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-3xl border border-red-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-extrabold tracking-tight">Delete discovery?</h1>
        <img
          src={discovery.photo.src}
          alt={`Discovery of Jimmy #${discovery.serialNumber}`}
          width={discovery.photo.width}
          height={discovery.photo.height}
          className="mt-4 max-h-64 w-full rounded-xl bg-stone-200 object-cover"
        />
        <p className="mt-3 text-stone-700">
          Jimmy #{discovery.serialNumber} by {discovery.hunterName}, {when}
        </p>
        <p className="text-stone-600">{discovery.caption}</p>
        <p className="mt-4 font-semibold text-red-800">Are you sure you want to delete this discovery? This action cannot be undone.</p>
        <Form method="post" className="mt-5 flex gap-3">
          <ConfirmOrCancel tone="danger" back={back}>
            Delete discovery
          </ConfirmOrCancel>
        </Form>
      </div>
    </section>
  );
}
