import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The production build this test runs, built first when it is missing or older than the app's source. */
export function ensureProductionBuild() {
  const server = path.resolve("build/server/index.js");
  const builtAt = fs.existsSync(server) ? fs.statSync(server).mtimeMs : 0;
  const newestSource = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
      const full = path.join(dir, entry.name);
      return Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
    }, 0);
  if (builtAt < Math.max(newestSource(path.resolve("app")), newestSource(path.resolve("db")))) {
    execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  }
}

/** The cookies a browser would keep, by name: a cookie set empty or already expired is dropped, as a browser does. */
export class CookieJar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, setting = ""] = attribute.split("=").map((part) => part.trim());
        if (key!.toLowerCase() === "max-age") return Number(setting) <= 0;
        if (key!.toLowerCase() === "expires") return Date.parse(setting) <= Date.now();
        return false;
      });
      if (value === "" || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  has(name: string) {
    return this.cookies.has(name);
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}
