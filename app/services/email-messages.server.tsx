/**
 * The emails the hunt sends: a watched Jimmy's news (one per news, or a
 * daily digest) and the confirmation of a new address. Each has a plain
 * text part and an HTML part rendered by React (so every value is escaped);
 * news emails carry the one-click unsubscribe of RFC 8058.
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactNode } from "react";
import { plural } from "~/lib/format";
import { notificationTitle } from "~/lib/notifications";
import type { NotificationView } from "~/models/notifications.server";
import type { OutgoingEmail } from "./mail.server";

export type NewsLinks = {
  /** The page that asks before it unsubscribes (in the email's text). */
  unsubscribeUrl: string;
  /** Where a mail program posts its one click (the List-Unsubscribe header). */
  oneClickUrl: string;
  settingsUrl: string;
  absolute: (pathname: string) => string;
};

function quote(notification: NotificationView): string | null {
  if (!notification.excerpt) return null;
  return notification.kind === "comment" ? `“${notification.excerpt}”` : notification.excerpt;
}

function unsubscribeHeaders(links: NewsLinks): Record<string, string> {
  return { "List-Unsubscribe": `<${links.oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

function footerText(huntName: string, links: NewsLinks): string {
  return [
    `You get these emails because you asked ${huntName} for news of the Jimmys you watch.`,
    `Choose what you get, or stop watching a Jimmy: ${links.settingsUrl}`,
    `Unsubscribe from all email: ${links.unsubscribeUrl}`,
  ].join("\n");
}

/** Every email's page: the hunt's name above what the email says. */
function Page({ huntName, children }: { huntName: string; children: ReactNode }) {
  return (
    <html lang="en">
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
function Layout({ huntName, links, children }: { huntName: string; links: NewsLinks; children: ReactNode }) {
  return (
    <Page huntName={huntName}>
      {children}
      <hr style={{ border: 0, borderTop: "1px solid #e7e5e4", margin: "24px 0" }} />
      <p style={{ fontSize: 13, color: "#57534e" }}>
        You get these emails because you asked {huntName} for news of the Jimmys you watch.{" "}
        <a href={links.settingsUrl}>Choose what you get, or stop watching a Jimmy</a> ·{" "}
        <a href={links.unsubscribeUrl}>Unsubscribe from all email</a>
      </p>
    </Page>
  );
}

function NewsItem({ notification, links }: { notification: NotificationView; links: NewsLinks }) {
  const said = quote(notification);
  return (
    <div style={{ margin: "16px 0" }}>
      <p style={{ margin: 0, fontWeight: 600 }}>{notificationTitle(notification)}</p>
      {said ? <p style={{ margin: "4px 0 0" }}>{said}</p> : null}
      <p style={{ margin: "4px 0 0" }}>
        <a href={links.absolute(notification.href)}>See it on the Jimmy&apos;s page</a>
      </p>
    </div>
  );
}

const html = (node: ReactNode) => `<!DOCTYPE html>${renderToStaticMarkup(node)}`;

/** A news email to a watcher: the greeting, then the news, then the footer and the one-click unsubscribe every one carries. */
function newsLetter(
  input: { to: string; firstName: string; huntName: string; links: NewsLinks },
  subject: string,
  news: { text: string[]; html: ReactNode },
): OutgoingEmail {
  return {
    to: input.to,
    subject,
    text: [`Hi ${input.firstName},`, "", ...news.text, "", "--", footerText(input.huntName, input.links)].join("\n"),
    html: html(
      <Layout huntName={input.huntName} links={input.links}>
        <p>Hi {input.firstName},</p>
        {news.html}
      </Layout>,
    ),
    headers: unsubscribeHeaders(input.links),
  };
}

/** One piece of news, as its own email. */
export function newsEmail(input: {
  to: string;
  firstName: string;
  huntName: string;
  notification: NotificationView;
  links: NewsLinks;
}): OutgoingEmail {
  const { notification, links } = input;
  const title = notificationTitle(notification);
  const said = quote(notification);
  return newsLetter(input, title, {
    text: [title, ...(said ? [said] : []), "", `See it: ${links.absolute(notification.href)}`],
    html: <NewsItem notification={notification} links={links} />,
  });
}

/** A day's news in one email, newest first; `more` counts news left out to keep it short. */
export function digestEmail(input: {
  to: string;
  firstName: string;
  huntName: string;
  notifications: NotificationView[];
  more: number;
  links: NewsLinks;
}): OutgoingEmail {
  const { notifications, links } = input;
  const total = notifications.length + input.more;
  const subject = `${input.huntName}: ${plural(total, "piece", "pieces")} of news from the Jimmys you watch`;
  const moreLine = input.more > 0 ? `…and ${input.more} more on ${links.absolute("/notifications")}` : null;
  return newsLetter(input, subject, {
    text: [
      "Here is what happened to the Jimmys you watch:",
      "",
      ...notifications.flatMap((n) => {
        const said = quote(n);
        return [`- ${notificationTitle(n)}`, ...(said ? [`  ${said}`] : []), `  ${links.absolute(n.href)}`];
      }),
      ...(moreLine ? ["", moreLine] : []),
    ],
    html: (
      <>
        <p>Here is what happened to the Jimmys you watch:</p>
        {notifications.map((n) => (
          <NewsItem key={n.id} notification={n} links={links} />
        ))}
        {input.more > 0 ? (
          <p>
            …and {input.more} more <a href={links.absolute("/notifications")}>in your notifications</a>.
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
export function confirmationEmail(input: { to: string; huntName: string; confirmUrl: string; expiresInHours: number }): OutgoingEmail {
  const lines = [
    "Hello,",
    "",
    `Someone (we hope you) asked ${input.huntName} to send your news to this address.`,
    `To confirm it, open this link within ${input.expiresInHours} hours:`,
    input.confirmUrl,
    "",
    "If it wasn't you, ignore this email: nothing changes.",
  ];
  return {
    to: input.to,
    subject: `Confirm your email address for ${input.huntName}`,
    text: lines.join("\n"),
    html: html(
      <Page huntName={input.huntName}>
        <p>Hello,</p>
        <p>Someone (we hope you) asked {input.huntName} to send your news to this address.</p>
        <p>
          <a href={input.confirmUrl}>Confirm this address</a> within {input.expiresInHours} hours.
        </p>
        <p style={{ fontSize: 13, color: "#57534e" }}>If it wasn&apos;t you, ignore this email: nothing changes.</p>
      </Page>,
    ),
  };
}

/**
 * A one-time sign-in code. Everything in it is the hunt's own wording: the
 * requester chose only the address it goes to, so it cannot carry their text
 * to someone else's inbox.
 */
export function signInCodeEmail(input: { to: string; huntName: string; code: string; minutes: number }): OutgoingEmail {
  const lines = [
    `Your sign-in code for ${input.huntName} is:`,
    "",
    input.code,
    "",
    `Type it on the sign-in page within ${input.minutes} minutes. It works once.`,
    "",
    "If you didn't ask for it, ignore this email: nobody can sign in without the code.",
  ];
  return {
    to: input.to,
    subject: `Your sign-in code for ${input.huntName}`,
    text: lines.join("\n"),
    html: html(
      <Page huntName={input.huntName}>
        <p>Your sign-in code for {input.huntName} is:</p>
        <p style={{ fontSize: 32, fontWeight: 700, letterSpacing: 6, fontFamily: "ui-monospace, monospace" }}>{input.code}</p>
        <p>Type it on the sign-in page within {input.minutes} minutes. It works once.</p>
        <p style={{ fontSize: 13, color: "#57534e" }}>
          If you didn&apos;t ask for it, ignore this email: nobody can sign in without the code.
        </p>
      </Page>,
    ),
  };
}
