import { ANONYMOUS_NAME, type CommentView } from "~/lib/comments";
import { Link } from "~/components/Link";
import { commentTime } from "~/lib/dates";
import { HunterLink } from "./Avatar";
import { CrownIcon } from "./ui/icons";
import { usePageLanguage, useT } from "./i18n";

/** Comments, newest first. Text is always rendered as text: no markup, no auto-links. */
const actionClass = "font-semibold hover:underline";

/** `own` maps the viewer's own comments to whether each may still be edited; every comment can be flagged. */
export function CommentList({
  comments,
  now,
  huntName,
  own = {},
  timeZone,
}: {
  comments: CommentView[];
  now: string;
  huntName: string;
  own?: Record<number, boolean>;
  /** The reader's time zone, for comments old enough to show a date (the server words the page in it too). */
  timeZone?: string;
}) {
  const t = useT();
  const language = usePageLanguage();
  if (comments.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-stone-300 p-6 text-center text-stone-600">{t("No comments yet. Say hello!")}</p>
    );
  }
  return (
    <ol className="space-y-4" aria-label={t("Comments")}>
      {comments.map((comment) => {
        const name = comment.isAdmin ? huntName : comment.authorName?.trim() || t(ANONYMOUS_NAME);
        return (
          <li key={comment.id} id={`comment-${comment.id}`} className="flex gap-3" data-testid="comment">
            {comment.isAdmin ? (
              <img src="/jimmy-avatar.svg" alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-full" />
            ) : (
              <span
                aria-hidden="true"
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-stone-200 text-sm font-semibold text-stone-700"
              >
                {name.charAt(0).toUpperCase()}
              </span>
            )}
            <div className="min-w-0 flex-1 rounded-2xl bg-stone-100 px-4 py-3">
              <p className="flex flex-wrap items-center gap-x-2 text-sm">
                <span className="font-semibold text-stone-900" data-testid="comment-author">
                  {comment.hunterId !== null ? <HunterLink id={comment.hunterId}>{name}</HunterLink> : name}
                </span>
                {comment.isAdmin ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    <CrownIcon className="h-3.5 w-3.5" />
                    {t("Admin")}
                  </span>
                ) : comment.byHunter ? (
                  <span
                    className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900"
                    data-testid="hunter-mark"
                  >
                    <span aria-hidden="true">✓</span>
                    {t("{signedIn}Hunter", { signedIn: <span className="sr-only">{t("Signed-in ")}</span> })}
                  </span>
                ) : null}
                <time dateTime={comment.createdAt} className="text-stone-600">
                  {commentTime(comment.createdAt, now, timeZone, language)}
                </time>
                {comment.editedAt ? <span className="text-stone-600">{t("(edited)")}</span> : null}
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-stone-800" data-testid="comment-content">
                {comment.content}
              </p>
              <p className="mt-1 flex gap-3 text-xs text-stone-600">
                {own[comment.id] ? (
                  <Link to={`/comments/${comment.id}/edit`} className={`${actionClass} text-orange-800`}>
                    {t("Edit")}
                  </Link>
                ) : null}
                {comment.id in own ? (
                  <Link to={`/comments/${comment.id}/delete`} className={`${actionClass} text-red-800`}>
                    {t("Delete")}
                  </Link>
                ) : null}
                <Link to={`/flag/comment/${comment.id}`} className={actionClass} aria-label={t("Flag the comment by {name}", { name })}>
                  {t("Flag")}
                </Link>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
