/** Sign-in by a code sent by email: the two forms' fields and answers, shared by /login and the page a scan opens. */
export const EMAIL_CODE_INTENTS = { request: "email-code", check: "email-code-check" } as const;

/**
 * What an email-code form's action answers when it does not sign in: which
 * form to show next (`step`), what was typed, and why it was refused.
 */
export type EmailCodeAnswer = {
  form: "email-code";
  step: "email" | "code";
  values: { email: string; code?: string };
  fieldErrors?: { email?: string[]; code?: string[] };
  formError?: string;
  /** Set when a code was just sent. */
  sentTo?: string;
};
