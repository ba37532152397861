import { useLoaderData } from "@remix-run/react";
import { CommentForm } from "~/components/CommentForm";
import { CommentList } from "~/components/CommentList";
import { useRootData } from "~/components/root-data";
import { usePageLanguage, useT } from "~/components/i18n";
import { formatNumber } from "~/lib/messages";
import type { loader } from "./route";

/** The Jimmy's comments, newest first, under the box to add one (set up by ./comment.server). */
export function Comments() {
  const { jimmy, comments, commentForm: setup, ownComments: own, readerTimeZone: timeZone } = useLoaderData<typeof loader>();
  const t = useT();
  const language = usePageLanguage();
  const root = useRootData();
  return (
    <section id="comments" aria-labelledby="comments-heading" className="mt-12 scroll-mt-24">
      <h2 id="comments-heading" className="text-xl font-bold tracking-tight">
        {t("Comments {count}", {
          count: <span className="text-base font-semibold text-stone-500">({formatNumber(comments.length, language)})</span>,
        })}
      </h2>
      <div className="mt-4">
        <CommentForm jimmyPath={`/jimmy/${jimmy.serialNumber}`} setup={setup} />
      </div>
      <div className="mt-6">
        <CommentList
          comments={comments}
          now={root?.now ?? new Date().toISOString()}
          huntName={root?.hunt.name ?? "Jimmy Hunt"}
          own={own}
          timeZone={timeZone}
        />
      </div>
    </section>
  );
}
