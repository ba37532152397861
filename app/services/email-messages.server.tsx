/**
 * The emails the hunt sends: a watched Jimmy's news (one per news, or a
 * daily digest) and the confirmation of a new address. Each has a plain
 * text part and an HTML part rendered by React (so every value is escaped);
 * news emails carry the one-click unsubscribe of RFC 8058. Each is written
 * in its recipient's language (the one they chose, else English).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createElement, Fragment, type ReactNode } from "react";
import type { T } from "~/components/i18n";
import { direction, type Language, type MessageKey, translate } from "~/lib/language";
import type { MessageValues } from "~/lib/messages";
import { notificationTitle } from "~/lib/notifications";
import type { NotificationView } from "~/models/notifications.server";
import type { OutgoingEmail } from "./mail.server";
// The languages' words, registered as that module loads: an email job may run where no page was
// ever rendered (a test, a script). Only for that side effect; nothing of a request is used here.
// eslint-disable-next-line layers/boundaries
import "~/web/language.server";

export type NewsLinks = {
  /** The page that asks before it unsubscribes (in the email's text). */
  unsubscribeUrl: string;
  /** Where a mail program posts its one click (the List-Unsubscribe header). */
  oneClickUrl: string;
  settingsUrl: string;
  absolute: (pathname: string) => string;
};

/** `t` in the recipient's language: text for text values, a node when a value is a React element (a link). */
function emailT(language: Language): T {
  return ((key: MessageKey, values?: MessageValues) => {
    const worded: unknown = translate(language, key, values);
    return Array.isArray(worded) ? createElement(Fragment, null, ...(worded as ReactNode[])) : worded;
  }) as T;
}

function quote(t: T, notification: NotificationView): string | null {
  if (!notification.excerpt) return null;
  return notification.kind === "comment" ? t("“{excerpt}”", { excerpt: notification.excerpt }) : notification.excerpt;
}

function unsubscribeHeaders(links: NewsLinks): Record<string, string> {
  return { "List-Unsubscribe": `<${links.oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

function footerText(t: T, huntName: string, links: NewsLinks): string {
  return [
    t("You get these emails because you asked {huntName} for news of the Jimmys you watch.", { huntName }),
    t("Choose what you get, or stop watching a Jimmy: {url}", { url: links.settingsUrl }),
    t("Unsubscribe from all email: {url}", { url: links.unsubscribeUrl }),
  ].join("\n");
}

/** Every email's page: the hunt's name above what the email says, in the recipient's language. */
function Page({ language, huntName, children }: { language: Language; huntName: string; children: ReactNode }) {
  return (
    <html lang={language} dir={direction(language)}>
      <body style={{ fontFamily: "system-ui, sans-serif", color: "#1c1917", lineHeight: 1.5 }}>
        <div style={{ maxWidth: 560, margin: "0 auto", padding: 16 }}>
          <p style={{ fontWeight: 700, color: "#c2410c" }}>{huntName}</p>
          {children}
        </div>
      </body>
    </html>
  );
}

/** A news email's page: the news, then why it came and how to choose or stop what comes. */
function Layout({
  language,
  t,
  huntName,
  links,
  children,
}: {
  language: Language;
  t: T;
  huntName: string;
  links: NewsLinks;
  children: ReactNode;
}) {
  return (
    <Page language={language} huntName={huntName}>
      {children}
      <hr style={{ border: 0, borderTop: "1px solid #e7e5e4", margin: "24px 0" }} />
      <p style={{ fontSize: 13, color: "#57534e" }}>
        {t("You get these emails because you asked {huntName} for news of the Jimmys you watch.", { huntName })}{" "}
        <a href={links.settingsUrl}>{t("Choose what you get, or stop watching a Jimmy")}</a> ·{" "}
        <a href={links.unsubscribeUrl}>{t("Unsubscribe from all email")}</a>
      </p>
    </Page>
  );
}

function NewsItem({ t, notification, links }: { t: T; notification: NotificationView; links: NewsLinks }) {
  const said = quote(t, notification);
  return (
    <div style={{ margin: "16px 0" }}>
      <p style={{ margin: 0, fontWeight: 600 }}>{notificationTitle(notification, t)}</p>
      {said ? <p style={{ margin: "4px 0 0" }}>{said}</p> : null}
      <p style={{ margin: "4px 0 0" }}>
        <a href={links.absolute(notification.href)}>{t("See it on the Jimmy's page")}</a>
      </p>
    </div>
  );
}

const html = (node: ReactNode) => `<!DOCTYPE html>${renderToStaticMarkup(node)}`;

/** A news email to a watcher: the greeting, then the news, then the footer and the one-click unsubscribe every one carries. */
function newsLetter(
  input: { to: string; language: Language; firstName: string; huntName: string; links: NewsLinks },
  t: T,
  subject: string,
  news: { text: string[]; html: ReactNode },
): OutgoingEmail {
  const greeting = t("Hi {firstName},", { firstName: input.firstName });
  return {
    to: input.to,
    subject,
    text: [greeting, "", ...news.text, "", "--", footerText(t, input.huntName, input.links)].join("\n"),
    html: html(
      <Layout language={input.language} t={t} huntName={input.huntName} links={input.links}>
        <p>{greeting}</p>
        {news.html}
      </Layout>,
    ),
    headers: unsubscribeHeaders(input.links),
  };
}

/** One piece of news, as its own email. */
export function newsEmail(input: {
  to: string;
  language: Language;
  firstName: string;
  huntName: string;
  notification: NotificationView;
  links: NewsLinks;
}): OutgoingEmail {
  const { notification, links } = input;
  const t = emailT(input.language);
  const title = notificationTitle(notification, t);
  const said = quote(t, notification);
  return newsLetter(input, t, title, {
    text: [title, ...(said ? [said] : []), "", t("See it: {url}", { url: links.absolute(notification.href) })],
    html: <NewsItem t={t} notification={notification} links={links} />,
  });
}

/** A day's news in one email, newest first; `more` counts news left out to keep it short. */
export function digestEmail(input: {
  to: string;
  language: Language;
  firstName: string;
  huntName: string;
  notifications: NotificationView[];
  more: number;
  links: NewsLinks;
}): OutgoingEmail {
  const { notifications, links } = input;
  const t = emailT(input.language);
  const total = notifications.length + input.more;
  const subject = t("{huntName}: {total, plural, one {# piece} other {# pieces}} of news from the Jimmys you watch", {
    huntName: input.huntName,
    total,
  });
  const moreLine =
    input.more > 0 ? t("…and {more, number} more on {url}", { more: input.more, url: links.absolute("/notifications") }) : null;
  return newsLetter(input, t, subject, {
    text: [
      t("Here is what happened to the Jimmys you watch:"),
      "",
      ...notifications.flatMap((n) => {
        const said = quote(t, n);
        return [`- ${notificationTitle(n, t)}`, ...(said ? [`  ${said}`] : []), `  ${links.absolute(n.href)}`];
      }),
      ...(moreLine ? ["", moreLine] : []),
    ],
    html: (
      <>
        <p>{t("Here is what happened to the Jimmys you watch:")}</p>
        {notifications.map((n) => (
          <NewsItem key={n.id} t={t} notification={n} links={links} />
        ))}
        {input.more > 0 ? (
          <p>
            {t("…and {more, number} more {link}.", {
              more: input.more,
              link: <a href={links.absolute("/notifications")}>{t("in your notifications")}</a>,
            })}
          </p>
        ) : null}
      </>
    ),
  });
}

/**
 * The link that makes a new address the hunter's. The address has not said
 * yet that it wants anything from the hunt, so the email is a fixed text:
 * nothing in it was chosen by whoever asked (no name, nothing typed), or the
 * hunt would carry their words to any inbox.
 */
export function confirmationEmail(input: {
  to: string;
  language: Language;
  huntName: string;
  confirmUrl: string;
  expiresInHours: number;
}): OutgoingEmail {
  const t = emailT(input.language);
  const { huntName, expiresInHours: hours } = input;
  const lines = [
    t("Hello,"),
    "",
    t("Someone (we hope you) asked {huntName} to send your news to this address.", { huntName }),
    t("To confirm it, open this link within {hours, plural, one {# hour} other {# hours}}:", { hours }),
    input.confirmUrl,
    "",
    t("If it wasn't you, ignore this email: nothing changes."),
  ];
  return {
    to: input.to,
    subject: t("Confirm your email address for {huntName}", { huntName }),
    text: lines.join("\n"),
    html: html(
      <Page language={input.language} huntName={huntName}>
        <p>{t("Hello,")}</p>
        <p>{t("Someone (we hope you) asked {huntName} to send your news to this address.", { huntName })}</p>
        <p>
          {t("{link} within {hours, plural, one {# hour} other {# hours}}.", {
            link: <a href={input.confirmUrl}>{t("Confirm this address")}</a>,
            hours,
          })}
        </p>
        <p style={{ fontSize: 13, color: "#57534e" }}>{t("If it wasn't you, ignore this email: nothing changes.")}</p>
      </Page>,
    ),
  };
}

/**
 * A one-time sign-in code. Everything in it is the hunt's own wording: the
 * requester chose only the address it goes to, so it cannot carry their text
 * to someone else's inbox.
 */
export function signInCodeEmail(input: { to: string; language: Language; huntName: string; code: string; minutes: number }): OutgoingEmail {
  const t = emailT(input.language);
  const { huntName, minutes } = input;
  const within = t("Type it on the sign-in page within {minutes, plural, one {# minute} other {# minutes}}. It works once.", { minutes });
  const ignore = t("If you didn't ask for it, ignore this email: nobody can sign in without the code.");
  const lines = [t("Your sign-in code for {huntName} is:", { huntName }), "", input.code, "", within, "", ignore];
  return {
    to: input.to,
    subject: t("Your sign-in code for {huntName}", { huntName }),
    text: lines.join("\n"),
    html: html(
      <Page language={input.language} huntName={huntName}>
        <p>{t("Your sign-in code for {huntName} is:", { huntName })}</p>
        <p style={{ fontSize: 32, fontWeight: 700, letterSpacing: 6, fontFamily: "ui-monospace, monospace" }}>{input.code}</p>
        <p>{within}</p>
        <p style={{ fontSize: 13, color: "#57534e" }}>{ignore}</p>
      </Page>,
    ),
  };
}
