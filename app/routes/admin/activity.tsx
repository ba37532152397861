import { Link } from "~/components/Link";
import type { PanelData } from "./route";

const actionLabels: Record<string, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Wrong password",
  sign_in_locked: "Sign-in refused (too many attempts)",
  sign_out: "Signed out",
  delete_discovery: "Deleted discovery",
  replace_image: "Replaced image of discovery",
  delete_comment: "Deleted comment",
  mint_jimmys: "Minted Jimmys",
  hunter_delete_discovery: "Hunter deleted their discovery",
  accept_flags: "Accepted flags on",
  dismiss_flags: "Dismissed flags on",
  confirm_missing: "Marked possibly missing: Jimmy",
  clear_missing: "Cleared missing reports on Jimmy",
  export_account: "Prepared the data archive of hunter",
  download_export: "Downloaded the data archive of hunter",
};

/** The newest comments, each deletable, beside what admins did lately and from where. */
export function RecentActivity({ comments, log }: { comments: PanelData["comments"]; log: PanelData["log"] }) {
  return (
    <div className="mt-10 grid gap-8 lg:grid-cols-2">
      <div>
        <h2 className="text-xl font-bold">Recent comments</h2>
        {comments.length === 0 ? (
          <p className="mt-3 text-stone-600">No comments yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white" aria-label="Recent comments">
            {comments.map((c) => (
              <CommentRow key={c.id} comment={c} />
            ))}
          </ul>
        )}
      </div>
      <div>
        <h2 className="text-xl font-bold">Recent admin activity</h2>
        <ul
          className="mt-3 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white text-sm"
          aria-label="Recent admin activity"
        >
          {log.map((entry) => (
            <li key={entry.id} className="p-3" data-testid="audit-entry">
              <p className="font-semibold">
                {actionLabels[entry.action] ?? entry.action}
                {entry.targetId
                  ? ` ${entry.action.endsWith("_flags") ? `${entry.targetType} ` : ""}${entry.targetType === "discovery" || entry.targetType === "comment" ? "#" : ""}${entry.targetId}`
                  : ""}
              </p>
              <p className="text-stone-600">
                {entry.when} · from {entry.clientAddress ?? "unknown"}
                {entry.detail ? ` · ${entry.detail}` : ""}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function CommentRow({ comment }: { comment: PanelData["comments"][number] }) {
  return (
    <li className="flex items-start gap-3 p-3" data-testid="admin-comment">
      <div className="min-w-0 flex-1">
        <p className="text-sm text-stone-600">
          <Link to={`/jimmy/${comment.serialNumber}#comments`} className="font-semibold text-stone-800 hover:underline">
            Jimmy #{comment.serialNumber}
          </Link>{" "}
          · {comment.authorName ?? "Anonymous Hunter"} · {comment.postedOn}
        </p>
        <p className="wrap-anywhere">{comment.content}</p>
      </div>
      {/* Asks first, on a page of its own, as deleting a discovery does. */}
      <Link
        to={`/admin/comments/${comment.id}/delete`}
        className="shrink-0 rounded-full border border-red-300 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50"
        aria-label={`Delete comment ${comment.id} on Jimmy #${comment.serialNumber}`}
      >
        Delete
      </Link>
    </li>
  );
}
