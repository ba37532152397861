/**
 * Prints the ADMIN_PASSWORD_HASH for a password: reads it without echo from
 * the terminal, or from standard input when piped
 * (`printf %s "$PASSWORD" | npm run -s admin:hash-password`).
 */
import readline from "node:readline";
import { hashPassword } from "~/services/password.server";

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString("utf8")
      .replace(/\r?\n$/, "");
  }
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  process.stdout.write("Admin password: ");
  // Keep the typed password off the screen.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
  const answer = await new Promise<string>((resolve) => rl.question("", resolve));
  rl.close();
  process.stdout.write("\n");
  return answer;
}

const password = await readPassword();
if (password.length < 12) {
  console.error("Choose a password of at least 12 characters.");
  process.exit(1);
}
console.log(await hashPassword(password));
