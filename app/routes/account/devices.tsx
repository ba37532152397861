import { Button } from "~/components/ui/Button";
import { relativeAge } from "~/lib/dates";
import { IntentForm, Section, useSection } from "./Section";

/** Each browser the hunter is signed in with, most recently used first, each but this one with its own sign-out. */
export function DevicesSection() {
  const { devices, now, busy } = useSection();
  return (
    <Section id="devices" title="Where you're signed in">
      <p className="mt-1 text-sm text-stone-600">
        Each browser you signed in with, the most recently used first. Sign out any you don&apos;t recognise or no longer use.
      </p>
      <ul className="mt-3 divide-y divide-stone-200" aria-label="Signed-in devices">
        {devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="device">
            <div className="min-w-0">
              <p className="font-semibold text-stone-900">
                {device.browser}
                {device.thisDevice ? (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">This device</span>
                ) : null}
              </p>
              <p className="text-sm text-stone-600">
                Signed in {device.signedInOn} · last used{" "}
                <time dateTime={device.lastUsed}>{relativeAge(device.lastUsed, now).toLowerCase()}</time>
              </p>
            </div>
            {device.thisDevice ? null : (
              <IntentForm intent="sign-out-device">
                <input type="hidden" name="device" value={device.id} />
                <Button
                  look="secondary"
                  disabled={busy}
                  aria-label={`Sign out ${device.browser}, last used ${relativeAge(device.lastUsed, now)}`}
                >
                  Sign out
                </Button>
              </IntentForm>
            )}
          </li>
        ))}
      </ul>
      {devices.length > 1 ? (
        <IntentForm intent="sign-out-others" className="mt-2">
          <Button look="secondary" disabled={busy}>
            Sign out everywhere else
          </Button>
        </IntentForm>
      ) : null}
      <p className="mt-2 text-xs text-stone-500">
        Places are not shown: telling a town from a network address needs a database of addresses this hunt does not keep.
      </p>
    </Section>
  );
}
