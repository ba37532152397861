import { sitePagePreview } from "~/lib/site-page-preview";
import type { MetaFunction } from "@remix-run/node";
import { Link } from "~/components/Link";
import { metaT, usePageLanguage, useT } from "~/components/i18n";
import { useRootData } from "~/components/root-data";
import { PAGE_CACHE_HANDLE } from "~/lib/page-cache";

/** The same for every signed-out visitor: served from the anonymous page cache. */
export const handle = PAGE_CACHE_HANDLE;

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return sitePagePreview(matches, {
    path: "/privacy-policy",
    name: t("Privacy Policy"),
    description: t("What the hunt keeps about you, who sees it, and how to take it back."),
  });
};

// A message is a double-quoted literal (scripts/i18n-core.ts): prettier, left alone, would quote two of them with '…'.

/** The day the policy took effect (a calendar day, shown in the reader's language). */
export const PRIVACY_EFFECTIVE_DAY = "2025-08-30";

// Worded once per language: building the formatter costs about 0.2 ms, a tenth of what the whole page costs the server.
const effectiveDates = new Map<string, string>();

function effectiveDate(language: string): string {
  let worded = effectiveDates.get(language);
  if (worded === undefined) {
    worded = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(`${PRIVACY_EFFECTIVE_DAY}T00:00:00Z`),
    );
    effectiveDates.set(language, worded);
  }
  return worded;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="text-xl font-bold tracking-tight text-stone-900">{title}</h2>
      <div className="mt-3 space-y-3 leading-relaxed text-stone-700">{children}</div>
    </section>
  );
}

export default function PrivacyPolicy() {
  const t = useT();
  const language = usePageLanguage();
  const hunt = useRootData()?.hunt;
  const name = hunt?.name ?? "Jimmy Hunt";
  const email = hunt?.contactEmail ?? "";
  const mail = (
    <a href={`mailto:${email}`} className="font-medium text-orange-700 underline">
      {email}
    </a>
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-orange-700">{t("Legal")}</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight">{t("Privacy Policy")}</h1>
      <p className="mt-2 text-sm text-stone-500">{t("Effective date: {date}", { date: effectiveDate(language) })}</p>

      <Section title={t("Who we are")}>
        {/* prettier-ignore */}
        <p>
          {t(
            "{huntName} is a community scavenger hunt for numbered 3D-printed figurines (\"Jimmys\") made in memory of a much-loved public figure. The hunt is run by a small Texas-based operator (\"we\", \"us\"). This policy explains what we collect when you browse or take part, why, and the choices you have.",
            { huntName: name },
          )}
        </p>
      </Section>

      <Section title={t("What we collect")}>
        <ul className="list-disc space-y-2 ps-5">
          <li>
            {t(
              "{label} when you sign in with Apple, Meta or Google: your provider's account identifier, your first and last name and, if the provider shares one, your profile picture and e-mail address. If you sign in with a code sent by email instead, your e-mail address (and, for ten minutes, a record of the code, never the code itself). We never receive your password. On your account page you can change the name shown, upload a photo of your own instead (stored without its metadata) or show none, and see and sign out the browsers you are signed in with (we keep which browser started each sign-in and when it was last used).",
              { label: <strong>{t("Account details")}</strong> },
            )}
          </li>
          <li>
            {t(
              "{label}: the photo you upload, your caption, the location you type or allow your device to share, and the time. We remove all embedded metadata (including GPS tags) from photos before they are published. When you use your device's location or a photo's GPS, the form tells you the place will be public and lets you choose the exact spot or an approximate one (about 1 km), which is rounded before it is stored.",
              { label: <strong>{t("Discoveries you report")}</strong> },
            )}
          </li>
          <li>
            {t("{label}: what you write, the name you choose to show, and which discoveries you like.", {
              label: <strong>{t("Comments and likes")}</strong>,
            })}
          </li>
          <li>
            {t(
              "{label}: a session cookie that keeps you signed in, two preference cookies that remember your time zone (so dates are shown in your time) and whether you read distances in miles or kilometres, and short-lived records of network addresses used to stop spam and abuse.",
              { label: <strong>{t("Technical data")}</strong> },
            )}
          </li>
        </ul>
        <p>{t("Browsing the hunt does not require an account, and we do not use advertising or third-party tracking cookies.")}</p>
      </Section>

      <Section title={t("How we use it")}>
        <p>
          {t(
            "We use this information to run the hunt: to show discoveries, each Jimmy's journey, the map and the Hall of Fame; to notify you about activity on your discoveries; to keep the service secure; and to respond to your requests. We do not sell your personal information.",
          )}
        </p>
      </Section>

      <Section title={t("What is public")}>
        {/* prettier-ignore */}
        <p>
          {t(
            "Discoveries are public: your photo, caption, the location you give, the date and your first and last name appear on the feed and on the Jimmy's page. Comments show the name you provide, or \"Anonymous Hunter\" if you leave it blank. Please do not include anything in a photo or caption that you do not want to be seen by everyone.",
          )}
        </p>
      </Section>

      <Section title={t("Photo licence")}>
        <p>
          {t(
            "You keep the copyright in photos you upload. By uploading, you license them to us and to the public under the {licence}, so others may share them non-commercially with credit. Only upload photos you took yourself or have the right to share.",
            {
              licence: (
                <a
                  href="https://creativecommons.org/licenses/by-nc/4.0/"
                  className="font-medium text-orange-700 underline"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t("Creative Commons Attribution-NonCommercial 4.0 International licence (CC BY-NC 4.0)")}
                </a>
              ),
            },
          )}
        </p>
      </Section>

      <Section title={t("Where your data is stored")}>
        <p>
          {t(
            "All data, including photos, is stored on servers located in the United States only. If you take part from outside the United States, your information is transferred to and processed in the United States.",
          )}
        </p>
      </Section>

      <Section title={t("How long we keep it")}>
        <p>
          {t(
            "We keep your account and contributions while your account is active. Sign-in sessions expire after 30 days. Unused photo uploads are deleted automatically within a day. Abuse-prevention records are kept for no longer than needed to protect the service.",
          )}
        </p>
      </Section>

      <Section title={t("Your rights")}>
        <p>
          {t(
            "You can ask us to access, correct, export or delete your personal information, or to remove a discovery or comment. Write to {email}. We respond to every rights request within 45 days.",
            { email: mail },
          )}
        </p>
        <p data-testid="account-deletion-policy">
          {t(
            "You can also do much of this yourself on your account page: change your name and photo, sign out devices, download an archive of everything we hold about you (yours to download for 7 days), and delete your account. Deleting your account deletes, at once, your discoveries with every copy of their photos, your comments and likes, and everything else we hold about you; nothing is kept under another name. The Jimmys' journeys and the Hall of Fame are then counted without your discoveries.",
          )}
        </p>
      </Section>

      <Section title={t("Copyright complaints (DMCA)")}>
        <p>
          {t(
            "If you believe a photo on {huntName} infringes your copyright, send a notice to {email} identifying the work and the material. We will remove or disable access to the material and inform the person who uploaded it. If they send a valid counter-notice, we will restore the material after 10 to 14 business days unless the complaining party tells us it has filed a court action.",
            { huntName: name, email: mail },
          )}
        </p>
      </Section>

      <Section title={t("Children")}>
        <p>
          {t(
            "You must be at least 13 years old to create an account or contribute. We do not knowingly collect personal information from children under 13; if you believe a child has signed up, contact us and we will delete the account.",
          )}
        </p>
      </Section>

      <Section title={t("Changes to this policy")}>
        <p>
          {t(
            "If we change this policy we will update the effective date above and, for significant changes, tell signed-in hunters on the site.",
          )}
        </p>
      </Section>

      <Section title={t("Contact")}>
        <p>
          {t("Questions about privacy: {email}.", { email: mail })}{" "}
          <Link to="/" className="font-medium text-orange-700 underline">
            {t("Back to the hunt")}
          </Link>
        </p>
      </Section>
    </article>
  );
}
