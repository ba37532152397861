import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestT } from "~/web/language.server";
import { getUser } from "~/web/session.server";

/** SPEC.md §7: the signed-in user, or 401 when there is none. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) {
    const t = requestT(request);
    return Response.json({ message: t("Not signed in") }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  return Response.json(
    { id: user.id, firstName: user.firstName, lastName: user.lastName, profileImageUrl: user.profileImageUrl },
    { headers: { "Cache-Control": "no-store" } },
  );
}
