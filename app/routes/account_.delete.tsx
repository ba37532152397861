import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { metaT, useT } from "~/components/i18n";
import { Link } from "~/components/Link";
import { ContentError, ContentPage } from "~/components/OwnContent";
import { Button, secondaryLinkClass } from "~/components/ui/Button";
import { useActionAnswer } from "~/lib/action-answer";
import { getDb } from "~/infra/db.server";
import { getStorage } from "~/infra/storage.server";
import { contributionCounts } from "~/models/users.server";
import { deleteAccount } from "~/services/account-deletion.server";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { redirectWithToast } from "~/web/flash.server";
import { readForm } from "~/web/form.server";
import { requestT } from "~/web/language.server";
import { endSession, requireUser } from "~/web/session.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("Delete your account") }, { name: "robots", content: "noindex" }];
};

/** What the hunt holds of the hunter, counted, so the page says exactly what goes. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireUser(request, { db });
  return contributionCounts(db, user.id);
}

/** Deletes the account (app/services/account-deletion.server.ts), signs this browser out and says it is done. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  const user = await requireUser(request, { db });
  const form = await readForm(request);
  const t = requestT(request);
  if (form.get("confirm") !== "yes")
    return data({ error: t("Tick the box to confirm: deleting your account cannot be undone.") }, { status: 400 });
  await deleteAccount(db, getStorage(), user.id, { clientAddress: clientAddress(request, context) });
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(request, "user", { db }));
  // As a sign-out does (app/routes/api.logout.tsx): nothing of the account stays on this device, with or without
  // the page's JavaScript: its reports waiting in the outbox, its drafts and the pages saved for offline use.
  headers.set("Clear-Site-Data", '"storage"');
  return redirectWithToast(
    "/",
    { title: t("Your account is deleted"), description: t("Everything the hunt held about you is gone. Thank you for hunting.") },
    { headers },
  );
}

export const ErrorBoundary = ContentError;

export default function DeleteAccountPage() {
  const { discoveries, comments, likes } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>() as { error?: string } | undefined;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <ContentPage back="/account" backLabel={t("Your account")} title={t("Delete your account")}>
      <p className="mt-3 text-stone-800">{t("This deletes your account and everything the hunt holds about you, at once and for good:")}</p>
      <ul className="mt-3 list-disc space-y-1.5 ps-5 text-stone-800" data-testid="deletion-list">
        {discoveries === 0 ? (
          <li>{t("no discoveries: you have reported none;")}</li>
        ) : (
          <li>
            {t(
              "your {count, plural, one {# discovery} other {# discoveries}}, with every copy of their photos. The Jimmys' journeys, figures and the Hall of Fame are counted again without them, and links to them say they were removed;",
              { count: discoveries },
            )}
          </li>
        )}
        <li>
          {t("your {comments, plural, one {# comment} other {# comments}} and {likes, plural, one {# like} other {# likes}};", {
            comments,
            likes,
          })}
        </li>
        <li>{t("your name, photo, email address and sign-in with your provider, on every device you are signed in on;")}</li>
        <li>{t("your notifications, the Jimmys you watch, your flags and your reports of missing Jimmys.")}</li>
      </ul>
      <p className="mt-3 text-stone-700">
        {t("Signing in again later starts a new, empty account. To keep a copy first, save your photos from your discoveries.")}
      </p>
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <label className="flex min-h-11 items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-3 py-2">
          <input
            type="checkbox"
            name="confirm"
            value="yes"
            className="mt-1 h-4 w-4 accent-red-700"
            aria-invalid={answer?.error ? true : undefined}
            aria-describedby={answer?.error ? "confirm-error" : undefined}
          />
          <span className="text-stone-900">
            {t("I understand that my account and all of the above are deleted and cannot be brought back.")}
          </span>
        </label>
        {answer?.error ? (
          <p id="confirm-error" role="alert" className="text-sm font-medium text-red-700">
            {answer.error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button look="danger" disabled={busy}>
            {t("Delete my account")}
          </Button>
          <Link to="/account" className={secondaryLinkClass}>
            {t("Keep my account")}
          </Link>
        </div>
      </Form>
    </ContentPage>
  );
}
