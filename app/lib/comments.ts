import { msg } from "./language";

export type CommentView = {
  id: number;
  content: string;
  authorName: string | null;
  isAdmin: boolean;
  /** Posted by a signed-in hunter under their account name (marked as such). */
  byHunter: boolean;
  /** That hunter's id (their profile is /hunters/{id}); null for a guest's or the admin's comment. */
  hunterId: number | null;
  createdAt: string;
  /** When its author last edited it; null when never. */
  editedAt: string | null;
};

/** A signed-in hunter may edit their comment this long after posting it (a typo, a missing word); deleting it is allowed any time. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60 * 1000;

/** Shown for a comment whose author left no name (SPEC.md §2). */
export const ANONYMOUS_NAME = msg("Anonymous Hunter");

/** Long enough for a story about the find, short enough to keep a Jimmy's page readable. */
export const COMMENT_MAX_LENGTH = 1000;
export const AUTHOR_NAME_MAX_LENGTH = 40;

/** The Add Comment form's name for its honeypot field: people never see it, form-filling bots do. */
export const HONEYPOT_FIELD = "website";

/**
 * The form's messages, worded where they are shown (`t(COMMENT_BLANK_TEXT)`). The limits are
 * written out in them (a zod message is worded without values): keep them equal to
 * COMMENT_MAX_LENGTH and AUTHOR_NAME_MAX_LENGTH.
 */
export const COMMENT_BLANK_TEXT = msg("Write a comment first.");
export const COMMENT_TOO_LONG_TEXT = msg("Keep your comment under 1,000 characters.");
export const AUTHOR_NAME_TOO_LONG_TEXT = msg("Keep your name under 40 characters.");

/** What the comment form gets back from its action. */
export type CommentActionResult =
  | { ok: true; commentId: number }
  | {
      ok: false;
      /** A message about the whole submission (spam checks, limits), shown above the fields and as the error toast. */
      formError?: string;
      fieldErrors?: { content?: string[]; authorName?: string[] };
      values: { content: string; authorName: string };
      /** A form token issued with the refusal, for the form it reopens: its fill time counts from now, as on a page rendered after it. */
      formToken: string;
    };
