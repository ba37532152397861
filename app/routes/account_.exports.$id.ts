import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { getDb } from "~/infra/db.server";
import { getStorage } from "~/infra/storage.server";
import { openDataExport } from "~/services/data-export.server";
import { clientAddress } from "~/web/client-address.server";
import { requestT } from "~/web/language.server";
import { getUser, isAdmin } from "~/web/session.server";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * Downloads an archive of a hunter's data: only theirs (or an admin's, for a
 * request by email, which is logged). Anyone else is told there is no such
 * archive, so its number says nothing; one past its time is gone (410).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = getDb();
  const id = /^[1-9]\d{0,9}$/.test(params.id ?? "") ? Number(params.id) : null;
  const [user, admin] = await Promise.all([getUser(request, { db }), isAdmin(request, { db })]);
  const opened = await openDataExport(db, getStorage(), {
    exportId: id,
    viewer: { userId: user?.id ?? null, admin },
    clientAddress: clientAddress(request, context),
  });
  const t = requestT(request);
  switch (opened.kind) {
    case "unknown":
      return text(t("There is no such archive of your data. Ask for one on your account page."), 404);
    case "pending":
      return text(t("This archive is still being prepared. Reload your account page in a minute."), 409);
    case "gone":
      return text(
        t(
          "This archive is no longer available: archives are kept for 7 days, and a newer one replaces it. Ask for a new one on your account page.",
        ),
        410,
      );
    case "file":
      return new Response(createReadableStreamFromReadable(opened.object.body), {
        headers: {
          "Content-Type": "application/zip",
          "Content-Length": String(opened.object.size),
          "Content-Disposition": `attachment; filename="jimmy-hunt-data-${opened.archive.createdAt.slice(0, 10)}.zip"`,
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
  }
}
