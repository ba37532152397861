import { notificationTitle } from "~/lib/notifications";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useFetcher, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { BellIcon, CommentIcon, HeartIcon, PinIcon } from "~/components/ui/icons";
import { relativeAge } from "~/lib/dates";
import { listNotifications, markNotificationsRead, type NotificationView } from "~/models/notifications.server";
import { useRootData } from "~/components/root-data";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { requireUser } from "~/web/session.server";
import { checkFields } from "~/web/form-action.server";
import { readForm } from "~/web/form.server";
import { MAX_ROW_ID } from "~/lib/ids";
import { metaT, usePageLanguage, useT } from "~/components/i18n";
import { requestT } from "~/web/language.server";
import { requestPreferences } from "~/web/reader-terms.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  const root = matches.find((m) => m.id === "root")?.data as { hunt?: { name: string } } | undefined;
  return [{ title: t("Notifications · {hunt}", { hunt: root?.hunt?.name ?? "Jimmy Hunt" }) }, { name: "robots", content: "noindex" }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const before = new URL(request.url).searchParams.get("before");
  const beforeId = before === null ? null : Number(before);
  if (beforeId !== null && (!Number.isSafeInteger(beforeId) || beforeId < 1 || beforeId > MAX_ROW_ID)) {
    throw new Response(requestT(request)("That page of notifications doesn't exist."), { status: 400 });
  }
  const page = await listNotifications(getDb(), user.id, {
    beforeId,
    huntName: env().hunt.name,
    t: requestT(request),
    units: requestPreferences(request).units,
  });
  return { ...page, before: beforeId };
}

const MarkReadSchema = z.object({
  upTo: z.coerce.number().int().positive().max(MAX_ROW_ID),
  enhanced: z.literal("1").optional(),
});

/** Marks the hunter's notifications read, up to the newest one on the page they saw. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request, { redirectTo: "/notifications" });
  const form = await readForm(request);
  const parsed = checkFields(MarkReadSchema, { upTo: form.get("upTo"), enhanced: form.get("enhanced") || undefined });
  if (!parsed.ok) {
    const t = requestT(request);
    return data({ marked: 0, error: t("That request wasn't understood. Please reload the page.") }, { status: 400 });
  }
  const marked = await markNotificationsRead(getDb(), user.id, parsed.data.upTo);
  if (parsed.data.enhanced) return { marked, error: null };
  return redirect("/notifications");
}

export default function Notifications() {
  const { notifications, nextBeforeId, before } = useLoaderData<typeof loader>();
  const root = useRootData();
  const now = root?.now ?? new Date().toISOString();
  const fetcher = useFetcher<typeof action>();
  const t = useT();
  const newest = notifications[0]?.id;
  const anyUnread = notifications.some((n) => n.unread);
  // Keeps "New" on what was unread when the page opened, after it has been marked read.
  const [newOnArrival] = useState(() => new Set(notifications.filter((n) => n.unread).map((n) => n.id)));
  const submitted = useRef(false);

  useEffect(() => {
    // With JavaScript, seeing the list is reading it; without, the button below does it.
    if (submitted.current || !anyUnread || newest === undefined) return;
    submitted.current = true;
    fetcher.submit({ upTo: String(newest), enhanced: "1" }, { method: "post" });
  }, [anyUnread, newest, fetcher]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">{t("Notifications")}</h1>
        {anyUnread && newest !== undefined ? (
          <Form method="post">
            <input type="hidden" name="upTo" value={newest} />
            <button
              type="submit"
              className="rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 shadow-sm hover:border-orange-300 hover:bg-orange-50"
            >
              {t("Mark all as read")}
            </button>
          </Form>
        ) : null}
      </div>
      {before ? (
        <p className="mt-3 text-sm">
          <Link to="/notifications" className="font-semibold text-orange-800 underline">
            {t("Back to the newest notifications")}
          </Link>
        </p>
      ) : null}

      {notifications.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-stone-300 p-8 text-center text-stone-600">
          <BellIcon className="mx-auto h-8 w-8 text-stone-400" />
          <p className="mt-3 font-semibold text-stone-800">{t("No notifications yet")}</p>
          <p className="mt-1">
            {t(
              "When someone likes one of your discoveries, or a Jimmy you watch is found again, gets a comment, reaches a milestone or is reported missing, you'll hear about it here.",
            )}
          </p>
        </div>
      ) : (
        <ol className="mt-6 space-y-2" aria-label={t("Notifications, newest first")}>
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              isNew={notification.unread || newOnArrival.has(notification.id)}
              now={now}
            />
          ))}
        </ol>
      )}

      {nextBeforeId ? (
        <p className="mt-6 text-center">
          <Link
            to={`/notifications?before=${nextBeforeId}`}
            className="inline-flex rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-orange-50"
          >
            {t("Older notifications")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function NotificationItem({ notification, isNew, now }: { notification: NotificationView; isNew: boolean; now: string }) {
  const t = useT();
  const language = usePageLanguage();
  const Icon = notification.kind === "like" ? HeartIcon : notification.kind === "comment" ? CommentIcon : PinIcon;
  return (
    <li data-testid="notification">
      <Link
        to={notification.href}
        className={`flex gap-3 rounded-2xl border p-4 hover:border-orange-300 ${isNew ? "border-orange-200 bg-orange-50" : "border-stone-200 bg-white"}`}
      >
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white text-orange-700 shadow-sm"
        >
          <Icon className="h-5 w-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-stone-900">
            {notificationTitle(notification, t)}
            {isNew ? (
              <span className="ms-2 rounded-full bg-red-600 px-2 py-0.5 align-middle text-[11px] font-bold uppercase text-white">
                {t("New")}
              </span>
            ) : null}
          </span>
          {notification.excerpt ? (
            <span className="mt-1 block break-words text-stone-700" data-testid="notification-excerpt">
              {notification.kind === "comment" ? t("“{comment}”", { comment: notification.excerpt }) : notification.excerpt}
            </span>
          ) : null}
          <time dateTime={notification.createdAt} className="mt-1 block text-sm text-stone-600">
            {relativeAge(notification.createdAt, now, language)}
          </time>
        </span>
      </Link>
    </li>
  );
}
