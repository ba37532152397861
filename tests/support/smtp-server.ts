/**
 * A real SMTP server on loopback (smtp-server) that keeps every message it
 * accepts, parsed (mailparser), and can refuse the first ones with a
 * temporary or permanent error, as a busy or strict mail server would.
 */
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; raw: string; parsed: ParsedMail };

export async function startSmtpServer(
  options: {
    port?: number;
    /** Refuse this many messages first, with this reply code (4xx: try later; 5xx: never). */
    refuse?: { count: number; code: 451 | 550 };
    /** Also write each message to this directory as NNNN.eml (for another process to read). */
    saveTo?: string;
  } = {},
) {
  const received: ReceivedMail[] = [];
  let refused = 0;
  const waiters = new Set<() => void>();
  if (options.saveTo) fs.mkdirSync(options.saveTo, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (options.refuse && refused < options.refuse.count) {
          refused++;
          const error = Object.assign(new Error(options.refuse.code === 451 ? "Try again later" : "Mailbox unavailable"), {
            responseCode: options.refuse.code,
          });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then(
          (parsed) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
            if (options.saveTo) {
              fs.writeFileSync(path.join(options.saveTo, `${String(received.length).padStart(4, "0")}.eml`), raw);
            }
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refused() {
      return refused;
    },
    /** Resolves when at least `count` messages have arrived (fails after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 15_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} email(s) within ${timeoutMs} ms, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The messages a server started with `saveTo` wrote, parsed, oldest first. */
export async function readSavedMail(dir: string): Promise<ReceivedMail[]> {
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort();
  return Promise.all(
    files.map(async (name) => {
      const raw = fs.readFileSync(path.join(dir, name), "utf8");
      const parsed = await simpleParser(raw);
      const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ""));
      return { to, raw, parsed };
    }),
  );
}

/** A header of a received message as sent (unfolded), or null. */
export function rawHeader(mail: ReceivedMail, name: string): string | null {
  const line = mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line === undefined
    ? null
    : line
        .slice(line.indexOf(":") + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim();
}
