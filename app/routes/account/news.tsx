import { useT } from "~/components/i18n";
import { Link } from "~/components/Link";
import { Field } from "~/components/forms";
import { Button } from "~/components/ui/Button";
import { EMAIL_FREQUENCY_LABELS } from "~/lib/email";
import { msg } from "~/lib/language";
import type { EmailFrequency } from "#db/schema";
import { IntentForm, Section, useSection } from "./Section";

/** Worded where shown: `t(NO_MAIL_SERVER)`. */
export const NO_MAIL_SERVER = msg("This hunt has no mail server set up, so it sends no email: your news stays in the app, under the bell.");

/** How the news of watched Jimmys comes: under the bell always, by email as often as chosen (when the hunt can send it). */
export function NewsSection() {
  const { settings, mailConfigured, answer, busy } = useSection("choices");
  const frequency = (answer?.values.frequency ?? settings.frequency) as EmailFrequency;
  const watchFinds = answer ? Boolean(answer.values.watchFinds) : settings.watchFinds;
  const t = useT();
  return (
    <Section id="news" title={t("News of the Jimmys you watch")}>
      <p className="mt-1 text-sm text-stone-700">
        {mailConfigured
          ? t(
              "When a Jimmy you watch is found again, gets a comment, reaches a milestone or is reported missing, you hear of it under the bell, and by email if you choose.",
            )
          : t(
              "When a Jimmy you watch is found again, gets a comment, reaches a milestone or is reported missing, you hear of it under the bell.",
            )}
      </p>
      {mailConfigured ? null : (
        <p className="mt-3 rounded-xl bg-stone-100 p-3 text-sm text-stone-800" data-testid="no-mail-server">
          {t(NO_MAIL_SERVER)}
        </p>
      )}
      <IntentForm intent="choices" className="mt-4 space-y-4" noValidate>
        <fieldset aria-describedby={answer?.fieldErrors.frequency ? "frequency-error" : undefined}>
          <legend className="text-sm font-semibold text-stone-800">{t("By email")}</legend>
          <div className="mt-2 space-y-2">
            {(Object.keys(EMAIL_FREQUENCY_LABELS) as EmailFrequency[]).map((option) => (
              <label key={option} className="flex min-h-11 items-center gap-3 rounded-xl border border-stone-200 px-3 py-2">
                <input
                  type="radio"
                  name="frequency"
                  value={option}
                  defaultChecked={frequency === option}
                  disabled={!mailConfigured && option !== "off"}
                  className="h-4 w-4 accent-orange-700"
                />
                <span>{t(EMAIL_FREQUENCY_LABELS[option])}</span>
              </label>
            ))}
          </div>
          {answer?.fieldErrors.frequency ? (
            <p id="frequency-error" role="alert" className="mt-2 text-sm text-red-700">
              {answer.fieldErrors.frequency[0]}
            </p>
          ) : null}
        </fieldset>
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" name="watchFinds" defaultChecked={watchFinds} className="h-4 w-4 accent-orange-700" />
          <span>{t("Watch the Jimmys I find")}</span>
        </label>
        <Button disabled={busy}>{t("Save choices")}</Button>
      </IntentForm>
    </Section>
  );
}

/** Where email news goes: a new address becomes the hunter's once they open the link sent there. */
export function EmailSection() {
  const { settings, mailConfigured, emailHints: hints, answer, busy } = useSection("email");
  const t = useT();
  return (
    <Section id="email" title={t("Email address")}>
      <p className="mt-1 text-sm text-stone-700" data-testid="current-email">
        {settings.email
          ? t("Your news goes to {email}.", { email: <span className="font-semibold">{settings.email}</span> })
          : t("Your sign-in provider gave no address: add one to get news by email.")}
        {settings.pendingEmail
          ? ` ${t("Waiting for you to confirm {email}: open the link we sent there.", { email: settings.pendingEmail })}`
          : ""}
      </p>
      <IntentForm intent="email" className="mt-4 space-y-3" noValidate>
        <Field
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          label={settings.email ? t("Change it to") : t("Your address")}
          hint={t("We send a link there; it becomes your address when you open it.")}
          hints={hints.email}
          defaultValue={answer?.values.email ?? ""}
          error={answer?.fieldErrors.email?.[0]}
          disabled={!mailConfigured}
        />
        <Button disabled={busy || !mailConfigured}>{t("Send the link")}</Button>
      </IntentForm>
    </Section>
  );
}

/** The Jimmys whose news the hunter gets, each with a way to stop. */
export function WatchedSection() {
  const { watched, busy } = useSection();
  const t = useT();
  return (
    <Section id="watched" title={t("Jimmys you watch")}>
      {watched.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">{t("None yet. Every Jimmy's page has a Watch button.")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-100" data-testid="watched-jimmys">
          {watched.map((jimmy) => (
            <li key={jimmy.serialNumber} className="flex items-center justify-between gap-3 py-2">
              <Link to={`/jimmy/${jimmy.serialNumber}`} className="min-w-0 break-words font-semibold text-orange-800 underline">
                {t("Jimmy #{serial}", { serial: String(jimmy.serialNumber) })}
              </Link>
              <IntentForm intent="unwatch">
                <input type="hidden" name="serial" value={jimmy.serialNumber} />
                <Button
                  look="secondary"
                  className="shrink-0 whitespace-nowrap"
                  disabled={busy}
                  aria-label={t("Stop watching Jimmy #{serial}", { serial: String(jimmy.serialNumber) })}
                >
                  {t("Stop watching")}
                </Button>
              </IntentForm>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
