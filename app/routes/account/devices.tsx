import { usePageLanguage, useT } from "~/components/i18n";
import { Button } from "~/components/ui/Button";
import { relativeAge } from "~/lib/dates";
import { IntentForm, Section, useSection } from "./Section";

/** Each browser the hunter is signed in with, most recently used first, each but this one with its own sign-out. */
export function DevicesSection() {
  const { devices, now, busy } = useSection();
  const t = useT();
  const language = usePageLanguage();
  return (
    <Section id="devices" title={t("Where you're signed in")}>
      <p className="mt-1 text-sm text-stone-600">
        {t("Each browser you signed in with, the most recently used first. Sign out any you don't recognise or no longer use.")}
      </p>
      <ul className="mt-3 divide-y divide-stone-200" aria-label={t("Signed-in devices")}>
        {devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="device">
            <div className="min-w-0">
              <p className="font-semibold text-stone-900">
                {device.browser}
                {device.thisDevice ? (
                  <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">{t("This device")}</span>
                ) : null}
              </p>
              <p className="text-sm text-stone-600">
                {t("Signed in {date} · last used {age}", {
                  date: device.signedInOn,
                  age: <time dateTime={device.lastUsed}>{relativeAge(device.lastUsed, now, language).toLowerCase()}</time>,
                })}
              </p>
            </div>
            {device.thisDevice ? null : (
              <IntentForm intent="sign-out-device">
                <input type="hidden" name="device" value={device.id} />
                <Button
                  look="secondary"
                  disabled={busy}
                  aria-label={t("Sign out {browser}, last used {age}", {
                    browser: device.browser,
                    age: relativeAge(device.lastUsed, now, language),
                  })}
                >
                  {t("Sign out")}
                </Button>
              </IntentForm>
            )}
          </li>
        ))}
      </ul>
      {devices.length > 1 ? (
        <IntentForm intent="sign-out-others" className="mt-2">
          <Button look="secondary" disabled={busy}>
            {t("Sign out everywhere else")}
          </Button>
        </IntentForm>
      ) : null}
      <p className="mt-2 text-xs text-stone-500">
        {t("Places are not shown: telling a town from a network address needs a database of addresses this hunt does not keep.")}
      </p>
    </Section>
  );
}
