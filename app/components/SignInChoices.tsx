import { Form, useNavigation } from "@remix-run/react";
import { Field } from "~/components/forms";
import { useT } from "~/components/i18n";
import { loginLink } from "~/lib/login-link";
import { EMAIL_CODE_INTENTS, type EmailCodeAnswer } from "~/lib/sign-in-code";
import { Button } from "./ui/Button";

export type ProviderAvailability = Record<"apple" | "meta" | "google", boolean>;

/** Each provider's name is its own, in every language ("Continue with {provider}"). */
const providerButtons = [
  { id: "apple", name: "Apple", className: "bg-black text-white hover:bg-stone-800" },
  { id: "meta", name: "Meta", className: "bg-[#0866ff] text-white hover:bg-[#0757d6]" },
  { id: "google", name: "Google", className: "border border-stone-300 bg-white text-stone-800 hover:bg-stone-50" },
] as const;

const unavailableClass =
  "flex h-12 w-full flex-col items-center justify-center rounded-full border border-dashed border-stone-300 text-stone-500";

/**
 * Every way to sign in, each bringing the visitor back to `redirectTo`: the
 * three providers, and a code sent by email for whoever has none of them or
 * would rather not use one. Plain links and forms, so all of it works
 * without JavaScript. The email forms post to /login, which answers with the
 * next step (`answer`).
 */
export function SignInChoices({
  redirectTo,
  providers,
  emailAvailable,
  answer,
}: {
  redirectTo: string;
  providers: ProviderAvailability;
  emailAvailable: boolean;
  answer?: EmailCodeAnswer;
}) {
  const t = useT();
  const providerHref = (provider: string) => {
    const params = new URLSearchParams({ provider });
    if (redirectTo !== "/") params.set("redirectTo", redirectTo);
    return `/api/login?${params.toString()}`;
  };
  return (
    <div className="space-y-3">
      {providerButtons.map((button) =>
        providers[button.id] ? (
          <a
            key={button.id}
            href={providerHref(button.id)}
            className={`flex h-12 w-full items-center justify-center rounded-full font-semibold shadow-sm ${button.className}`}
          >
            {t("Continue with {provider}", { provider: button.name })}
          </a>
        ) : (
          <p key={button.id} className={unavailableClass}>
            <span className="font-semibold">{t("Continue with {provider}", { provider: button.name })}</span>
            <span className="text-xs">{t("Not available on this server")}</span>
          </p>
        ),
      )}
      <p aria-hidden="true" className="flex items-center gap-3 py-1 text-xs font-semibold uppercase tracking-wide text-stone-500">
        <span className="h-px flex-1 bg-stone-200" />
        {t("or")}
        <span className="h-px flex-1 bg-stone-200" />
      </p>
      {!emailAvailable ? (
        <p className={unavailableClass}>
          <span className="font-semibold">{t("Email me a code")}</span>
          <span className="text-xs">{t("Not available on this server")}</span>
        </p>
      ) : answer?.step === "code" ? (
        <CodeForm redirectTo={redirectTo} answer={answer} />
      ) : (
        <EmailForm redirectTo={redirectTo} answer={answer} />
      )}
    </div>
  );
}

function FormError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  ) : null;
}

function useSubmitting() {
  return useNavigation().state === "submitting";
}

function EmailForm({ redirectTo, answer }: { redirectTo: string; answer?: EmailCodeAnswer }) {
  const submitting = useSubmitting();
  const t = useT();
  return (
    <Form method="post" action={loginLink(redirectTo)} noValidate className="space-y-3">
      <input type="hidden" name="intent" value={EMAIL_CODE_INTENTS.request} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormError message={answer?.formError} />
      <Field
        id="sign-in-email"
        label={t("Email address")}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={254}
        defaultValue={answer?.values.email ?? ""}
        error={answer?.fieldErrors?.email?.[0]}
        hint={t("No account elsewhere needed: we email you a 6-digit code to type here.")}
      />
      <Button disabled={submitting} size="none" className="h-12 w-full">
        {t("Email me a code")}
      </Button>
    </Form>
  );
}

function CodeForm({ redirectTo, answer }: { redirectTo: string; answer: EmailCodeAnswer }) {
  const submitting = useSubmitting();
  const t = useT();
  const email = answer.values.email;
  return (
    <div className="space-y-3 rounded-2xl border border-orange-100 bg-orange-50/60 p-4">
      <p role="status" className="text-sm text-stone-800">
        {answer.sentTo
          ? t("We sent a 6-digit code to {email}. It works once, for 10 minutes.", {
              email: <strong className="break-all">{answer.sentTo}</strong>,
            })
          : t("Type the code we sent to {email}.", { email: <strong className="break-all">{email}</strong> })}
      </p>
      <FormError message={answer.formError} />
      <Form method="post" action={loginLink(redirectTo)} noValidate className="space-y-3">
        <input type="hidden" name="intent" value={EMAIL_CODE_INTENTS.check} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="email" value={email} />
        <Field
          id="sign-in-code"
          label={t("Code from the email")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={12}
          defaultValue={answer.values.code ?? ""}
          error={answer.fieldErrors?.code?.[0]}
          className="font-mono text-lg tracking-widest"
        />
        <Button disabled={submitting} size="none" className="h-12 w-full">
          {t("Sign in")}
        </Button>
      </Form>
      <Form method="post" action={loginLink(redirectTo)} className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <input type="hidden" name="intent" value={EMAIL_CODE_INTENTS.request} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="email" value={email} />
        <button type="submit" disabled={submitting} className="font-semibold text-orange-800 hover:underline">
          {t("Send a new code")}
        </button>
        <a href={loginLink(redirectTo)} className="font-semibold text-orange-800 hover:underline">
          {t("Use another address")}
        </a>
      </Form>
    </div>
  );
}
