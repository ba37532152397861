import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Link } from "~/components/Link";
import { plural } from "~/lib/format";
import { flagReasonLabel } from "~/lib/flags";
import type { PanelData } from "./route";

/**
 * Flagged discoveries and comments, one entry each however often flagged,
 * most pressing first (FLAG_WEIGHTS), a page at a time through every open
 * one: accept deletes it, dismiss keeps it.
 */
export function FlagQueue({ queue, pageHref }: { queue: PanelData["flags"]; pageHref: (flagPage: number) => string }) {
  const { groups } = queue;
  return (
    <section id="flags" aria-labelledby="flags-heading" className="mt-8 scroll-mt-24">
      <h2 id="flags-heading" className="text-xl font-bold">
        Flagged by visitors <span className="text-base font-semibold text-stone-500">({queue.total})</span>
      </h2>
      {groups.length === 0 ? (
        <p className="mt-3 text-stone-600">Nothing is flagged.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 rounded-2xl border border-amber-200 bg-white" aria-label="Flagged content">
          {groups.map((group) => {
            const what = group.target.kind === "discovery" ? "discovery" : "comment";
            const label = `${what} ${group.target.id} on Jimmy #${group.serialNumber}`;
            const action = `/admin/flags/${group.target.kind}/${group.target.id}`;
            return (
              <QueueRow
                key={`${group.target.kind}-${group.target.id}`}
                testId="flag-group"
                picture={
                  "photoSrc" in group.content ? (
                    <img
                      src={group.content.photoSrc}
                      alt={`Flagged discovery of Jimmy #${group.serialNumber}`}
                      width={96}
                      height={72}
                      className="h-18 w-24 rounded-lg bg-stone-200 object-cover"
                    />
                  ) : null
                }
                to={`/jimmy/${group.serialNumber}#${group.target.kind}-${group.target.id}`}
                title={`${what === "discovery" ? "Discovery" : "Comment"} on Jimmy #${group.serialNumber}`}
                badge={group.count === 1 ? "1 flag" : `${group.count} flags`}
                notes={group.notes}
                actions={
                  <>
                    <QueueAction to={action} intent="accept" flagPage={queue.page} look="danger" label={`Accept flags and delete ${label}`}>
                      Accept (delete)
                    </QueueAction>
                    <QueueAction to={action} intent="dismiss" flagPage={queue.page} look="plain" label={`Dismiss flags on ${label}`}>
                      Dismiss
                    </QueueAction>
                  </>
                }
              >
                <p className="text-sm text-stone-700">
                  {group.reasons.map((r) => `${flagReasonLabel(r.reason)}${r.count > 1 ? ` ×${r.count}` : ""}`).join(" · ")} · last{" "}
                  {group.lastFlaggedOn} · by {flaggers(group)}
                </p>
                <p className="wrap-anywhere text-sm text-stone-600">
                  {group.content.author}: {"text" in group.content ? group.content.text : group.content.caption}
                </p>
              </QueueRow>
            );
          })}
        </ul>
      )}
      {queue.pages > 1 ? (
        <nav aria-label="Flag queue pages" className="mt-4 flex items-center justify-between text-sm">
          {queue.page > 1 ? (
            <Link to={pageHref(queue.page - 1)} className="font-semibold text-orange-800 hover:underline" rel="prev">
              ← More pressing flags
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone-600">
            Flags page {queue.page} of {queue.pages}
          </span>
          {queue.page < queue.pages ? (
            <Link to={pageHref(queue.page + 1)} className="font-semibold text-orange-800 hover:underline" rel="next">
              Less pressing flags →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

/** "2 hunters and 3 visitors": who flagged it, since a hunter's flag weighs more than a visitor's. */
function flaggers({ hunters, guests }: { hunters: number; guests: number }): string {
  const people = [hunters > 0 ? plural(hunters, "hunter", "hunters") : null, guests > 0 ? plural(guests, "visitor", "visitors") : null];
  return people.filter(Boolean).join(" and ");
}

/**
 * Jimmys hunters say are gone from their last place, and those marked
 * possibly missing: the admin confirms (possibly missing now, whatever the
 * reports) or clears (reports gone, discovered again).
 */
export function MissingQueue({ entries }: { entries: PanelData["missing"] }) {
  return (
    <section id="missing" aria-labelledby="missing-heading" className="mt-8 scroll-mt-24">
      <h2 id="missing-heading" className="text-xl font-bold">
        Reported missing <span className="text-base font-semibold text-stone-500">({entries.length})</span>
      </h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-stone-600">No Jimmy is reported missing.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 rounded-2xl border border-amber-200 bg-white" aria-label="Jimmys reported missing">
          {entries.map((entry) => {
            const action = `/admin/missing/${entry.serialNumber}`;
            return (
              <QueueRow
                key={entry.serialNumber}
                testId="missing-entry"
                to={`/jimmy/${entry.serialNumber}`}
                title={`Jimmy #${entry.serialNumber}`}
                badge={entry.status === "missing" ? "Possibly missing" : "Still shown as discovered"}
                notes={entry.notes}
                actions={
                  <>
                    {entry.status !== "missing" ? (
                      <QueueAction to={action} intent="confirm" look="warn" label={`Mark Jimmy #${entry.serialNumber} possibly missing`}>
                        Mark possibly missing
                      </QueueAction>
                    ) : null}
                    <QueueAction
                      to={action}
                      intent="clear"
                      look="plain"
                      label={`Clear the missing reports on Jimmy #${entry.serialNumber}`}
                    >
                      Clear
                    </QueueAction>
                  </>
                }
              >
                <p className="text-sm text-stone-700">
                  {entry.reports === 0
                    ? "Marked by an admin, no hunter's report"
                    : entry.reports === 1
                      ? "1 report"
                      : `${entry.reports} reports`}
                  {entry.lastReportedOn ? `, last ${entry.lastReportedOn}` : ""} · last seen {entry.location ?? "somewhere unrecorded"}
                  {entry.seenOn ? ` on ${entry.seenOn}` : ""}
                </p>
              </QueueRow>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * One entry of a queue: what waits (a link to it where it is shown, a badge
 * saying how it stands, what was said of it, the notes left with it) and the
 * admin's answers to it.
 */
function QueueRow({
  testId,
  picture,
  to,
  title,
  badge,
  notes,
  actions,
  children,
}: {
  testId: string;
  picture?: ReactNode;
  to: string;
  title: string;
  badge: string;
  notes: string[];
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-start gap-4 p-3" data-testid={testId}>
      {picture}
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          <Link to={to} className="hover:underline">
            {title}
          </Link>{" "}
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">{badge}</span>
        </p>
        {children}
        {notes.length > 0 ? (
          <ul className="mt-1 list-disc pl-5 text-sm text-stone-700">
            {notes.map((note, i) => (
              <li key={i} className="wrap-anywhere">
                “{note}”
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex gap-2">{actions}</div>
    </li>
  );
}

const ACTION_LOOKS = {
  danger: "rounded-full border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50",
  warn: "rounded-full border border-amber-400 px-3 py-1.5 text-sm font-semibold text-amber-900 hover:bg-amber-50",
  plain: "rounded-full border border-stone-300 px-3 py-1.5 text-sm font-semibold hover:bg-stone-50",
};

/** An admin's answer to a queue entry: a form posted to the entry's own route, the flag queue's page sent along to come back to. */
function QueueAction({
  to,
  intent,
  flagPage,
  look,
  label,
  children,
}: {
  to: string;
  intent: string;
  flagPage?: number;
  look: keyof typeof ACTION_LOOKS;
  label: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={to}>
      <input type="hidden" name="intent" value={intent} />
      {flagPage === undefined ? null : <input type="hidden" name="flags" value={flagPage} />}
      <button type="submit" className={ACTION_LOOKS[look]} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}
