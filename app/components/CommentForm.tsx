import { useActionData, useFetcher } from "@remix-run/react";
import { Link } from "~/components/Link";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import {
  AUTHOR_NAME_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  ANONYMOUS_NAME,
  COMMENT_TOO_LONG_TEXT,
  HONEYPOT_FIELD,
  type CommentActionResult,
} from "~/lib/comments";
import { isTransportFailure, type TransportFailure } from "~/lib/transport";
import { useToast } from "./Toaster";
import { describedBy, FieldError, labelClass } from "./ui/field-parts";
import { CommentIcon } from "./ui/icons";
import { useHydrated } from "./useHydrated";
import { type T, useT } from "./i18n";
import { msg } from "~/lib/language";

/** A fresh idempotency key (docs/api.md); none on an insecure origin (no randomUUID), and the server takes the request as it comes. Written out here rather than shared: a shared module becomes one more first-load chunk. */
const freshKey = () => crypto.randomUUID?.() ?? "";

export type CommentFormSetup = {
  /**
   * Signed render time for the server's minimum-fill-time check; null on a
   * page shared by signed-out visitors, whose box fetches one when it opens.
   */
  token: string | null;
  /** The comment's idempotency key, scoped by `token` on the server. */
  idempotencyKey: string;
  /** A signed-in hunter's account name, shown read-only: their comments are posted under it, whatever the field says. "" for guests and admin sessions. */
  defaultName: string;
  /** Under the name field: who the comment is posted as (written by the loader, so the texts stay out of the page's JavaScript). */
  nameHint: string;
  /** Whether the page was asked for with the box open (the no-JavaScript 'Add Comment' link). */
  openInitially: boolean;
  /** A guest (not signed in, no admin session): offered to sign in first and post under their name. */
  offerSignIn: boolean;
  /** What the hunter typed before they signed in to post it, to put back in the box; null otherwise. */
  draft: string | null;
};

const POSTED_TITLE = msg("Comment posted!");
const POSTED_TEXT = msg("Your comment has been added to Jimmy's page.");

// Loaded once the box is open, not with the page (its first-load JavaScript is budgeted).
const loadDrafts = () => import("~/browser/drafts");
const DraftRestore = lazy(() => import("./DraftRestore"));

/** The server may have posted it before the answer was lost: the comment's key makes posting again safe. */
function lostCommentText(failure: TransportFailure, t: T): string {
  return failure.offline
    ? t("You're offline: we couldn't confirm your comment was posted. It's still here; posting again is safe.")
    : t("Connection lost: we couldn't confirm your comment was posted. It's still here; posting again is safe.");
}

/**
 * SPEC.md §2, §4: 'Add Comment' opens the box and Cancel closes it; the box
 * resets after posting. Without JavaScript the toggles are links (the page
 * with ?comment=new renders it open) and the form is a plain post; with it,
 * a fetcher posts in place and the toasts come from here.
 */
export function CommentForm({ jimmyPath, setup }: { jimmyPath: string; setup: CommentFormSetup }) {
  const fetcher = useFetcher<CommentActionResult | TransportFailure>();
  const documentResult = useActionData<CommentActionResult | TransportFailure>();
  const lost = isTransportFailure(fetcher.data) ? fetcher.data : null;
  const answer = fetcher.data ?? documentResult;
  const result = isTransportFailure(answer) ? undefined : answer;
  const failed = result && !result.ok ? result : undefined;
  const t = useT();
  const formError = lost ? lostCommentText(lost, t) : failed?.formError;
  const hydrated = useHydrated();
  const toast = useToast();
  const [open, setOpen] = useState(setup.openInitially || Boolean(failed));
  // The page's token, a refusal's fresh one, or one fetched when the box opens; "failed" when that fetch did.
  const [token, setToken] = useState<string | null>(failed?.formToken ?? setup.token);
  const [content, setContent] = useState(failed?.values.content ?? setup.draft ?? "");
  // Kept for a retry of this comment, so one whose answer was lost is not posted twice; fresh after it is posted.
  const [commentKey, setCommentKey] = useState(setup.idempotencyKey);
  // The form the draft keeper is given, a moment after the box opens; a new round after a post.
  const [draftForm, setDraftForm] = useState<HTMLFormElement | null>(null);
  const [draftRound, setDraftRound] = useState(0);
  const draftKey = `comment:${jimmyPath}`;
  const formRef = useRef<HTMLFormElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const handled = useRef<CommentActionResult | TransportFailure | undefined>(undefined);
  const ids = useId();

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    if (isTransportFailure(data)) {
      toast({ title: t("Error"), description: lostCommentText(data, t), variant: "destructive" });
    } else if (data.ok) {
      void loadDrafts()
        .then((drafts) => drafts.discardDraft(draftKey))
        .then(() => setDraftRound((round) => round + 1));
      formRef.current?.reset();
      setContent("");
      setCommentKey(freshKey());
      // The next comment's fill time counts from a token of its own.
      setToken(null);
      setOpen(false);
      toast({ title: t(POSTED_TITLE), description: t(POSTED_TEXT), variant: "success" });
    } else {
      setToken(data.formToken);
      const firstFieldError = data.fieldErrors?.content?.[0] ?? data.fieldErrors?.authorName?.[0];
      toast({
        title: t("Error"),
        description: data.formError ?? firstFieldError ?? t("Failed to create comment"),
        variant: "destructive",
      });
    }
  }, [fetcher.state, fetcher.data, toast, draftKey, t]);

  // Opening the box offers back what was typed and not sent (issue 19).
  const keepsDraft = open && hydrated && !documentResult;
  useEffect(() => {
    if (!keepsDraft) return setDraftForm(null);
    const timer = window.setTimeout(() => setDraftForm(formRef.current), 1000);
    return () => window.clearTimeout(timer);
  }, [keepsDraft]);

  useEffect(() => {
    if (setup.token) setToken(setup.token);
  }, [setup.token]);

  // A shared page has no token: one is fetched for this visitor when the box opens.
  const needsToken = open && hydrated && token === null;
  useEffect(() => {
    if (!needsToken) return;
    let current = true;
    fetch(`${jimmyPath}/comment-token`, { cache: "no-store", credentials: "same-origin" })
      .then((response) =>
        response.ok ? (response.json() as Promise<{ token: string }>) : Promise.reject(new Error(String(response.status))),
      )
      .then(
        (body) => current && setToken(body.token),
        () => current && setToken("failed"),
      );
    return () => {
      current = false;
    };
  }, [needsToken, jimmyPath]);

  useEffect(() => {
    if (open && hydrated && !setup.openInitially) textareaRef.current?.focus();
  }, [open, hydrated, setup.openInitially]);

  const pending = fetcher.state !== "idle";
  // Client-side hints only; the server checks the same schema regardless.
  const tooLong = content.trim().length > COMMENT_MAX_LENGTH;
  const blank = content.trim() === "";
  const contentError = failed?.fieldErrors?.content?.[0] ?? (hydrated && tooLong ? t(COMMENT_TOO_LONG_TEXT) : undefined);
  const nameError = failed?.fieldErrors?.authorName?.[0];
  const signedIn = setup.defaultName !== "";
  const contentId = `${ids}-content`;
  const nameId = `${ids}-name`;

  const toggleClass =
    "inline-flex items-center gap-2 rounded-full border border-orange-300 bg-white px-4 py-2 text-sm font-semibold text-orange-800 hover:bg-orange-50";

  if (!open) {
    return hydrated ? (
      <button type="button" className={toggleClass} aria-expanded={false} onClick={() => setOpen(true)}>
        <CommentIcon className="h-4 w-4" />
        {t("Add Comment")}
      </button>
    ) : (
      <Link to={`${jimmyPath}?comment=new#add-comment`} className={toggleClass} preventScrollReset>
        <CommentIcon className="h-4 w-4" />
        {t("Add Comment")}
      </Link>
    );
  }

  return (
    <fetcher.Form
      data-discover="true"
      ref={formRef}
      method="post"
      // Without JavaScript the answer is a new page: a refusal then opens at the form and its message, not at the page's top.
      action={hydrated ? jimmyPath : `${jimmyPath}#add-comment`}
      id="add-comment"
      aria-label={t("Add a comment")}
      className="relative scroll-mt-24 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
      preventScrollReset
    >
      <input type="hidden" name="formToken" value={token ?? ""} />
      <input type="hidden" name="idempotencyKey" value={commentKey} />
      <input type="hidden" name="enhanced" value={hydrated ? "1" : ""} />
      <div aria-hidden="true" className="absolute -start-[10000px] top-auto h-px w-px overflow-hidden">
        <label>
          {t("Leave this field empty")}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>

      {draftForm ? (
        <Suspense fallback={null}>
          <DraftRestore
            key={draftRound}
            draftKey={draftKey}
            form={draftForm}
            fields={["content", "authorName"]}
            onRestore={(text) => setContent(text.content ?? "")}
            onDiscard={() => setContent("")}
          />
        </Suspense>
      ) : null}

      {token === "failed" ? (
        <p role="alert" className="mb-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t("We couldn't get the comment box ready (is the connection down?). Close it and open it again to try once more.")}
        </p>
      ) : null}
      {formError ? (
        <p
          role="alert"
          className="mb-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          data-testid="comment-form-error"
        >
          {formError}
        </p>
      ) : null}

      <label htmlFor={contentId} className={labelClass}>
        {t("Your comment")}
      </label>
      <textarea
        ref={textareaRef}
        id={contentId}
        name="content"
        rows={4}
        required
        value={content}
        onChange={(event) => setContent(event.target.value)}
        aria-invalid={contentError ? true : undefined}
        aria-describedby={describedBy(contentId, true, contentError)}
        className="mt-1 w-full rounded-xl border border-stone-300 px-3 py-2 text-stone-900"
        placeholder={t("Say something nice about this Jimmy's journey…")}
      />
      <p id={`${contentId}-hint`} className="mt-1 text-xs text-stone-600">
        {hydrated
          ? t("{count, number} / {max, number} characters", { count: content.trim().length, max: COMMENT_MAX_LENGTH })
          : t("Up to {max, number} characters.", { max: COMMENT_MAX_LENGTH })}
      </p>
      <FieldError id={contentId} message={contentError} announce />

      <label htmlFor={nameId} className={`mt-4 ${labelClass}`}>
        {t("Your name {optional}", { optional: <span className="font-normal text-stone-600">{t("(optional)")}</span> })}
      </label>
      <input
        id={nameId}
        name="authorName"
        autoComplete="name"
        maxLength={AUTHOR_NAME_MAX_LENGTH}
        defaultValue={signedIn ? setup.defaultName : failed?.values.authorName}
        readOnly={signedIn}
        aria-invalid={nameError ? true : undefined}
        aria-describedby={describedBy(nameId, true, nameError)}
        className="mt-1 w-full rounded-xl border border-stone-300 px-3 py-2 text-stone-900 read-only:bg-stone-100"
        placeholder={t(ANONYMOUS_NAME)}
      />
      <p id={`${nameId}-hint`} className="mt-1 text-xs text-stone-600">
        {setup.nameHint}
      </p>
      <FieldError id={nameId} message={nameError} />

      <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
        {hydrated ? (
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="rounded-full px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-100"
          >
            {t("Cancel")}
          </button>
        ) : (
          <Link to={`${jimmyPath}#comments`} className="rounded-full px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-100">
            {t("Cancel")}
          </Link>
        )}
        <button
          type="submit"
          disabled={pending || (hydrated && (blank || tooLong || token === null || token === "failed"))}
          className="rounded-full bg-orange-700 px-5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-orange-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {pending ? t("Posting…") : t("Post Comment")}
        </button>
      </div>
      {/* After Post Comment: the first submit button is the one Enter in a field presses. */}
      {setup.offerSignIn ? (
        <p className="mt-3 text-sm text-stone-700">
          {/* The same form, sent elsewhere: what is typed is kept while the visitor signs in, and nothing is posted yet. */}
          {t("Want your name on it? {signIn} and your comment will be waiting here.", {
            signIn: (
              <button
                type="submit"
                formAction={`${jimmyPath}/comment-sign-in`}
                formNoValidate
                className="font-semibold text-orange-800 underline hover:text-orange-900"
              >
                {t("Sign in to post under your name")}
              </button>
            ),
          })}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
