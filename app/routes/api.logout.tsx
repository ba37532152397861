import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { metaT, useT } from "~/components/i18n";
import { Link } from "~/components/Link";
import { requireSameOrigin } from "~/web/csrf.server";
import { redirectWithToast } from "~/web/flash.server";
import { requestT } from "~/web/language.server";
import { endSession, getUser } from "~/web/session.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("Sign out") }];
};

/**
 * A GET never signs anyone out (see docs/decisions/001-logout-by-post.md): a
 * link or image on another site could otherwise end a hunter's session. A
 * full-page navigation here shows a one-button confirmation instead.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) throw redirect("/");
  return { firstName: user.firstName };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(request, "user"));
  // Nothing typed is left on the device for the next person (unsent drafts in
  // localStorage and IndexedDB); it works whether or not the page's JavaScript ran.
  headers.set("Clear-Site-Data", '"storage"');
  const t = requestT(request);
  return redirectWithToast("/", { title: t("Signed out"), description: t("See you on the next hunt!") }, { headers });
}

export default function Logout() {
  const { firstName } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-extrabold tracking-tight">{t("Sign out, {name}?", { name: firstName })}</h1>
      <p className="mt-2 text-stone-600">{t("You can keep browsing the hunt without an account.")}</p>
      <Form method="post" className="mt-6">
        <button type="submit" className="h-11 rounded-full bg-orange-700 px-6 font-semibold text-white hover:bg-orange-800">
          {t("Sign out")}
        </button>
      </Form>
      <Link to="/" className="mt-4 inline-block font-semibold text-orange-700 hover:underline">
        {t("Back to Hunt")}
      </Link>
    </section>
  );
}
