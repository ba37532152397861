/**
 * `npm run test:container`: the container image and the compose file, as an
 * operator runs them (docs/deployment.md, "One file").
 *
 * Builds the image from the Containerfile, starts compose.yaml's stack (two
 * app containers and PostgreSQL) with podman-compose, signs a demo hunter in,
 * reports a discovery through the API, stops both app containers (each must
 * exit cleanly on SIGTERM) and starts them again, then finds the discovery,
 * its photo and the hunter's session through both.
 *
 * No registry is reachable here, so the two images the stack starts from are
 * made locally and kept between runs: a Node 24 image (`FROM scratch`: this
 * machine's Node 24 binary, the libraries `ldd` lists, npm and busybox for
 * the build stages' RUN) and a PostgreSQL image from this machine's Debian
 * PostgreSQL 15 binaries. The compose file's NODE_IMAGE and POSTGRES_IMAGE
 * point at them; operators get the official images.
 *
 * Needs root, podman with runc, podman-compose, busybox-static and
 * PostgreSQL 15 (`.ci/run` installs them). Removes every container, network
 * and volume it made, and puts IP forwarding and the firewall rules that
 * podman's network backend adds back as they were, even when it fails.
 */
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "~/services/password.server";
import { checkCodeFor } from "~/services/qr.server";

const PROJECT = "jimmy-hunt-container-test";
const APP_IMAGE = "localhost/jimmy-hunt:test";
/** Part of the base images' tags: raise it when what goes into them changes, so the next run makes them again. */
const BASE_RECIPE = 2;
const SERIAL = 4242;
const PUBLIC_URL = "http://127.0.0.1:3000";
/** Layers and the two local base images stay in podman's store; this holds what makes them. */
const CACHE_DIR = path.join(os.homedir(), ".cache", "jimmy-hunt-container");
const PG_BIN = "/usr/lib/postgresql/15/bin";

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`;
const say = (message: string) => console.log(`[container ${elapsed()}] ${message}`);

const work = fs.mkdtempSync(path.join(os.tmpdir(), "jimmy-hunt-container-"));
const containersConf = path.join(work, "containers.conf");
// What DESIGN.md found to work in this sandbox: runc (crun fails here), cgroupfs, file events.
fs.writeFileSync(
  containersConf,
  [
    "[containers]",
    'default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]',
    "[engine]",
    'runtime = "runc"',
    'cgroup_manager = "cgroupfs"',
    'events_logger = "file"',
    "",
  ].join("\n"),
);
const podmanEnv = { ...process.env, CONTAINERS_CONF: containersConf };

/** Runs a command to its end; answers its standard output, or fails with what it wrote. */
function run(command: string, args: string[], options: { input?: string | Buffer; env?: NodeJS.ProcessEnv; quiet?: boolean } = {}) {
  try {
    return execFileSync(command, args, {
      input: options.input,
      env: options.env ?? podmanEnv,
      maxBuffer: 256 * 1024 * 1024,
      stdio: ["pipe", "pipe", "pipe"],
    }).toString("utf8");
  } catch (error) {
    const failure = error as { status?: number; stdout?: Buffer; stderr?: Buffer };
    if (options.quiet) return null;
    throw new Error(
      `${command} ${args.join(" ")} exited ${failure.status}:\n${failure.stdout?.toString() ?? ""}${failure.stderr?.toString() ?? ""}`,
    );
  }
}

/** Runs a long command with its output shown, each line under a prefix. */
function runShown(command: string, args: string[], prefix: string, env: NodeJS.ProcessEnv = podmanEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    const show = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) console.log(`  ${prefix} ${line}`);
    };
    child.stdout.on("data", show);
    child.stderr.on("data", show);
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`))));
  });
}

function imageExists(name: string) {
  return run("podman", ["image", "exists", name], { quiet: true }) !== null;
}

/** The shared libraries `ldd` lists for these files (absolute paths, links resolved when copied). */
function librariesOf(files: string[]): string[] {
  const found = new Set<string>();
  for (const file of files) {
    const listed = run("ldd", [file], { quiet: true, env: process.env }) ?? "";
    for (const match of listed.matchAll(/(\/\S+\.so[.\d]*)/g)) found.add(match[1]!);
  }
  return [...found];
}

function copyInto(root: string, file: string) {
  const target = path.join(root, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(fs.realpathSync(file), target);
  fs.chmodSync(target, fs.statSync(fs.realpathSync(file)).mode);
}

/** glibc's, libstdc++'s and libgcc's shared libraries, as this machine's Debian packages list them. */
function runtimeLibraries(): string[] {
  const listed = run("dpkg", ["-L", "libc6", "libstdc++6", "libgcc-s1"], { quiet: true, env: process.env }) ?? "";
  return listed
    .split("\n")
    .filter((file) => /^\/(usr\/)?lib(64)?\/.*\.so(\.\d+)*$/.test(file) && !/\/(gconv|audit)\//.test(file) && fs.existsSync(file));
}

/** Imports a directory as an image (as root, so the files keep their owners). */
function importImage(root: string, name: string, changes: string[]) {
  const tar = path.join(work, `${path.basename(root)}.tar`);
  run("tar", ["-C", root, "-cf", tar, "."], { env: process.env });
  run("podman", ["import", ...changes.flatMap((change) => ["--change", change]), tar, name]);
  fs.rmSync(tar);
}

/** A stand-in for node:24-slim: Node 24, npm, and a shell for the build stages. */
function ensureNodeImage(): string {
  const nodeBinary = fs.realpathSync("node_modules/node/bin/node");
  const version = run(nodeBinary, ["--version"], { env: process.env })!.trim().replace(/^v/, "");
  const name = `localhost/jimmy-hunt-node:${version}-${BASE_RECIPE}`;
  if (imageExists(name)) return name;
  say(`making ${name} from this machine's Node ${version}`);
  const root = path.join(work, "node-root");
  for (const dir of ["usr/local/bin", "usr/local/lib/node_modules", "usr/bin", "bin", "etc", "tmp", "home/node"]) {
    fs.mkdirSync(path.join(root, dir), { recursive: true });
  }
  fs.copyFileSync(nodeBinary, path.join(root, "usr/local/bin/node"));
  fs.chmodSync(path.join(root, "usr/local/bin/node"), 0o755);
  // Node's libraries and the rest of the C and C++ runtime, as a slim Debian image has them: the
  // native modules of the build (rollup, sharp, better-sqlite3…) need more of glibc than node does.
  for (const library of new Set([...librariesOf([nodeBinary, "/bin/busybox"]), ...runtimeLibraries()])) copyInto(root, library);
  fs.copyFileSync("/bin/busybox", path.join(root, "bin/busybox"));
  fs.chmodSync(path.join(root, "bin/busybox"), 0o755);
  for (const applet of ["sh", "env", "mkdir", "rm", "cp", "mv", "ls", "cat", "chmod", "chown", "ln"]) {
    fs.symlinkSync("busybox", path.join(root, "bin", applet));
  }
  fs.symlinkSync("/bin/env", path.join(root, "usr/bin/env"));
  // npm as a package of its own (its dependencies bundled), the version this machine runs, kept in the cache.
  const npmVersion = run("npm", ["--version"], { env: process.env })!.trim();
  const tarball = path.join(CACHE_DIR, `npm-${npmVersion}.tgz`);
  if (!fs.existsSync(tarball)) {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    run("npm", ["pack", `npm@${npmVersion}`, "--pack-destination", CACHE_DIR], { env: process.env });
  }
  run("tar", ["-xzf", tarball, "-C", path.join(root, "usr/local/lib/node_modules")], { env: process.env });
  fs.renameSync(path.join(root, "usr/local/lib/node_modules/package"), path.join(root, "usr/local/lib/node_modules/npm"));
  fs.symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", path.join(root, "usr/local/bin/npm"));
  fs.symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", path.join(root, "usr/local/bin/npx"));
  fs.writeFileSync(path.join(root, "etc/passwd"), "root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n");
  fs.writeFileSync(path.join(root, "etc/group"), "root:x:0:\nnode:x:1000:\n");
  fs.chmodSync(path.join(root, "tmp"), 0o1777);
  fs.chownSync(path.join(root, "home/node"), 1000, 1000);
  const changes = ["ENV PATH=/usr/local/bin:/usr/bin:/bin", 'CMD ["node"]'];
  // This machine's extra certificate authorities (a TLS-inspecting proxy before the npm registry), as the machine trusts them.
  const extraCertificates = process.env.NODE_EXTRA_CA_CERTS;
  if (extraCertificates && fs.existsSync(extraCertificates)) {
    fs.mkdirSync(path.join(root, "etc/ssl/certs"), { recursive: true });
    fs.copyFileSync(extraCertificates, path.join(root, "etc/ssl/certs/extra-ca-certificates.crt"));
    changes.push("ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/extra-ca-certificates.crt");
  }
  importImage(root, name, changes);
  return name;
}

/**
 * A stand-in for postgres:15: Debian's PostgreSQL 15 and an entrypoint that,
 * like the official image's, creates POSTGRES_USER and POSTGRES_DB with
 * POSTGRES_PASSWORD on first start and listens on every address.
 */
function ensurePostgresImage(): string {
  if (!fs.existsSync(`${PG_BIN}/postgres`)) throw new Error(`PostgreSQL 15 is not installed (${PG_BIN}): apt-get install postgresql-15`);
  const version = /\d+\.\d+/.exec(run(`${PG_BIN}/postgres`, ["--version"], { env: process.env })!)![0];
  const name = `localhost/jimmy-hunt-postgres:${version}-${BASE_RECIPE}`;
  if (imageExists(name)) return name;
  say(`making ${name} from this machine's PostgreSQL ${version}`);
  const root = path.join(work, "postgres-root");
  const binaries = ["initdb", "postgres", "pg_isready"].map((binary) => `${PG_BIN}/${binary}`);
  for (const binary of binaries) copyInto(root, binary);
  // The server's modules (plpgsql, the encodings), without the JIT compiler and its 100 MB of LLVM.
  const libDir = "/usr/lib/postgresql/15/lib";
  const modules = fs
    .readdirSync(libDir)
    .filter((file) => file.endsWith(".so") && !file.startsWith("llvmjit"))
    .map((file) => path.join(libDir, file));
  for (const module of modules) copyInto(root, module);
  for (const library of librariesOf([...binaries, ...modules, "/bin/busybox"])) copyInto(root, library);
  for (const dir of ["/usr/share/postgresql/15", "/usr/share/zoneinfo"]) {
    fs.cpSync(dir, path.join(root, dir), { recursive: true, dereference: true });
  }
  fs.mkdirSync(path.join(root, "bin"), { recursive: true });
  fs.copyFileSync("/bin/busybox", path.join(root, "bin/busybox"));
  fs.chmodSync(path.join(root, "bin/busybox"), 0o755);
  for (const applet of ["sh", "rm", "cat"]) fs.symlinkSync("busybox", path.join(root, "bin", applet));
  fs.mkdirSync(path.join(root, "etc"));
  fs.writeFileSync(path.join(root, "etc/passwd"), "root:x:0:0:root:/root:/bin/sh\npostgres:x:999:999::/var/lib/postgresql:/bin/sh\n");
  fs.writeFileSync(path.join(root, "etc/group"), "root:x:0:\npostgres:x:999:\n");
  for (const dir of ["tmp", "var/lib/postgresql/data", "var/run/postgresql"]) fs.mkdirSync(path.join(root, dir), { recursive: true });
  fs.chmodSync(path.join(root, "tmp"), 0o1777);
  for (const dir of ["var/lib/postgresql", "var/lib/postgresql/data", "var/run/postgresql"]) fs.chownSync(path.join(root, dir), 999, 999);
  fs.writeFileSync(
    path.join(root, "docker-entrypoint.sh"),
    [
      "#!/bin/sh",
      "set -e",
      "PATH=/usr/lib/postgresql/15/bin:/bin",
      ': "${PGDATA:=/var/lib/postgresql/data}" "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"',
      'if [ ! -s "$PGDATA/PG_VERSION" ]; then',
      '  echo "$POSTGRES_PASSWORD" > /tmp/pwfile',
      '  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --no-locale >/dev/null',
      "  rm /tmp/pwfile",
      '  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"',
      '  if [ "$POSTGRES_DB" != postgres ]; then',
      '    echo "CREATE DATABASE \\"$POSTGRES_DB\\" OWNER \\"$POSTGRES_USER\\"" | postgres --single -D "$PGDATA" postgres >/dev/null',
      "  fi",
      "fi",
      "exec postgres -D \"$PGDATA\" -c listen_addresses='*'",
      "",
    ].join("\n"),
    { mode: 0o755 },
  );
  importImage(root, name, [
    "USER 999:999",
    "ENV PATH=/usr/lib/postgresql/15/bin:/bin PGDATA=/var/lib/postgresql/data",
    'ENTRYPOINT ["/docker-entrypoint.sh"]',
    "VOLUME /var/lib/postgresql/data",
    "EXPOSE 5432",
  ]);
  return name;
}

/** The machine's network settings that podman's network backend (netavark) changes. */
type NetworkState = { forwarding: Map<string, string>; rules: Map<string, string[]> };
const FORWARDING = ["/proc/sys/net/ipv4/ip_forward", "/proc/sys/net/ipv6/conf/all/forwarding"];
const FIREWALLS = ["iptables", "ip6tables"];

function networkState(): NetworkState {
  const forwarding = new Map(FORWARDING.filter((file) => fs.existsSync(file)).map((file) => [file, fs.readFileSync(file, "utf8").trim()]));
  const rules = new Map<string, string[]>();
  for (const firewall of FIREWALLS) {
    for (const table of ["filter", "nat"]) {
      const listed = run(firewall, ["-w", "-t", table, "-S"], { quiet: true, env: process.env });
      if (listed !== null) rules.set(`${firewall} ${table}`, listed.trim().split("\n"));
    }
  }
  return { forwarding, rules };
}

/** Removes the rules and chains that were not there before, and sets forwarding back. */
function restoreNetwork(before: NetworkState) {
  const now = networkState();
  for (const [key, rules] of now.rules) {
    const [firewall, table] = key.split(" ") as [string, string];
    const old = new Set(before.rules.get(key) ?? []);
    const added = rules.filter((rule) => !old.has(rule));
    // Rules first (they may jump to the new chains), then the chains' contents, then the chains.
    for (const rule of added.filter((rule) => rule.startsWith("-A "))) {
      run(firewall, ["-w", "-t", table, "-D", ...splitRule(rule.slice(3))], { quiet: true, env: process.env });
    }
    const chains = added.filter((rule) => rule.startsWith("-N ")).map((rule) => rule.slice(3).trim());
    for (const chain of chains) run(firewall, ["-w", "-t", table, "-F", chain], { quiet: true, env: process.env });
    for (const chain of chains) run(firewall, ["-w", "-t", table, "-X", chain], { quiet: true, env: process.env });
  }
  for (const [file, value] of before.forwarding) {
    if (fs.readFileSync(file, "utf8").trim() !== value) fs.writeFileSync(file, value);
  }
  const after = networkState();
  const unchanged =
    [...before.forwarding].every(([file, value]) => after.forwarding.get(file) === value) &&
    [...after.rules].every(([key, rules]) => rules.join("\n") === (before.rules.get(key) ?? []).join("\n"));
  if (!unchanged) throw new Error("The firewall rules or IP forwarding could not be put back as they were.");
}

/** `iptables -S` output as arguments again (quoted comments kept whole). */
function splitRule(rule: string): string[] {
  return [...rule.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A request made inside an app container, where the demo sign-in's server
 * listens (on loopback only: the demo lets anyone sign in as anybody, so the
 * app refuses to offer it on a published address).
 */
const IN_CONTAINER_FETCH = `
let raw = "";
for await (const chunk of process.stdin) raw += chunk;
const q = JSON.parse(raw);
const response = await fetch("http://127.0.0.1:" + (process.env.PORT || 3000) + q.path, {
  method: q.method, headers: q.headers, redirect: "manual",
  body: q.body === null ? undefined : Buffer.from(q.body, "base64"),
});
const body = Buffer.from(await response.arrayBuffer()).toString("base64");
process.stdout.write(JSON.stringify({ status: response.status, type: response.headers.get("content-type"), location: response.headers.get("location"), cookies: response.headers.getSetCookie(), body }));
`;

type Answer = { status: number; type: string | null; location: string | null; body: Buffer; text: () => string; json: <T>() => T };

/** A browser's cookies, by name, for requests made in any app container. */
class Visitor {
  private cookies = new Map<string, string>();
  constructor(readonly name: string) {}

  async request(container: string, pathname: string, init: { method?: string; json?: unknown; form?: FormData | URLSearchParams } = {}) {
    const headers: Record<string, string> = { Origin: PUBLIC_URL };
    let body: Buffer | null = null;
    if (init.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = Buffer.from(JSON.stringify(init.json));
    } else if (init.form) {
      const encoded = new Response(init.form);
      headers["Content-Type"] = encoded.headers.get("content-type")!;
      body = Buffer.from(await encoded.arrayBuffer());
    }
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const query = JSON.stringify({
      method: init.method ?? (body ? "POST" : "GET"),
      path: pathname,
      headers,
      body: body?.toString("base64") ?? null,
    });
    const output = run("podman", ["exec", "-i", container, "node", "--input-type=module", "-e", IN_CONTAINER_FETCH], { input: query })!;
    const answer = JSON.parse(output) as { status: number; type: string | null; location: string | null; cookies: string[]; body: string };
    for (const header of answer.cookies) {
      const [pair] = header.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    const bytes = Buffer.from(answer.body, "base64");
    return {
      status: answer.status,
      type: answer.type,
      location: answer.location,
      body: bytes,
      text: () => bytes.toString("utf8"),
      json: <T>() => JSON.parse(bytes.toString("utf8")) as T,
    } satisfies Answer;
  }
}

function expect(condition: unknown, message: string, answer?: Answer): asserts condition {
  if (!condition) throw new Error(`${message}${answer ? ` (status ${answer.status}: ${answer.text().slice(0, 500)})` : ""}`);
}

/** Waits for the image's HEALTHCHECK to pass in each container (GET /healthz, which asks the database). */
async function untilHealthy(containers: string[]) {
  const deadline = Date.now() + 180_000;
  for (const container of containers) {
    for (;;) {
      if (run("podman", ["healthcheck", "run", container], { quiet: true }) !== null) break;
      if (Date.now() > deadline) {
        throw new Error(
          `${container} did not become healthy:\n${run("podman", ["logs", "--tail", "40", container], { quiet: true }) ?? ""}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

function inspect(container: string, format: string): string {
  return run("podman", ["inspect", "--format", format, container])!.trim();
}

const composeEnv: NodeJS.ProcessEnv = { ...podmanEnv };
const compose = (args: string[]) => ["-p", PROJECT, "-f", "compose.yaml", ...args];
const app1 = `${PROJECT}_app1_1`;
const app2 = `${PROJECT}_app2_1`;
const db = `${PROJECT}_db_1`;

async function main() {
  say("making the base images (kept between runs)");
  const nodeImage = ensureNodeImage();
  const postgresImage = ensurePostgresImage();

  say(`building ${APP_IMAGE} from the Containerfile on ${nodeImage}`);
  // Host networking for the build's RUN steps (npm install): no bridge, so no firewall changes for it.
  await runShown(
    "podman",
    [
      "build",
      "--format",
      "docker",
      "--network",
      "host",
      "--build-arg",
      `NODE_IMAGE=${nodeImage}`,
      "-t",
      APP_IMAGE,
      "-f",
      "Containerfile",
      ".",
    ],
    "[build]",
  );
  const image = (
    JSON.parse(run("podman", ["image", "inspect", APP_IMAGE])!) as {
      Size: number;
      Config: { User?: string };
      Healthcheck?: { Test?: string[] };
    }[]
  )[0]!;
  const user = image.Config.User;
  expect(user === "1000:1000", `the image runs as the unprivileged user 1000:1000, not "${user}"`);
  const healthcheck = JSON.stringify(image.Healthcheck ?? null);
  expect(healthcheck.includes("/healthz"), `the image has a HEALTHCHECK on /healthz: ${healthcheck}`);
  say(`built: ${(image.Size / 1e6).toFixed(0)} MB, runs as ${user}, HEALTHCHECK on /healthz`);

  const adminPassword = crypto.randomBytes(18).toString("base64url");
  const qrSecret = crypto.randomBytes(32).toString("hex");
  const envFile = path.join(work, "jimmy-hunt.env");
  fs.writeFileSync(
    envFile,
    [
      `PUBLIC_URL=${PUBLIC_URL}`,
      `SESSION_SECRET=${crypto.randomBytes(32).toString("hex")}`,
      `QR_SECRET=${qrSecret}`,
      `ADMIN_PASSWORD_HASH=${await hashPassword(adminPassword)}`,
      // Only for this test: signing in without a provider, on loopback inside each container.
      "DEMO_SIGN_IN=true",
      "",
    ].join("\n"),
    { mode: 0o600 },
  );
  Object.assign(composeEnv, {
    JIMMY_HUNT_IMAGE: APP_IMAGE,
    JIMMY_HUNT_ENV_FILE: envFile,
    NODE_IMAGE: nodeImage,
    POSTGRES_IMAGE: postgresImage,
    POSTGRES_PASSWORD: crypto.randomBytes(18).toString("hex"),
    APP1_PUBLISH: `127.0.0.1:${await freePort()}`,
    APP2_PUBLISH: `127.0.0.1:${await freePort()}`,
  });

  say("starting compose.yaml: db, app1, app2 (podman-compose)");
  // The services by name: podman-compose 1.0.3 does not know profiles, so it would start the optional store too.
  run("podman-compose", compose(["up", "-d", "db"]), { env: composeEnv });
  // The apps reach the database by its address, not its name: this machine's Podman 4.3 answers
  // container names through aardvark-dns 1.4, which now and then stops answering for tens of
  // seconds (it rebinds its sockets on every reload), and the fallback resolver in the
  // containers' resolv.conf is not reachable from them, so a new pool connection failed with
  // EAI_AGAIN after 40 s. Docker's embedded DNS does not do that; POSTGRES_HOST is the
  // compose file's own setting for a database elsewhere.
  composeEnv.POSTGRES_HOST = inspect(db, "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}");
  expect(/^\d+\.\d+\.\d+\.\d+$/.test(composeEnv.POSTGRES_HOST), `the db container has an address: "${composeEnv.POSTGRES_HOST}"`);
  run("podman-compose", compose(["up", "-d", "app1", "app2"]), { env: composeEnv });
  await untilHealthy([app1, app2]);
  const databaseHost = new URL(run("podman", ["exec", app1, "node", "-p", "process.env.DATABASE_URL"])!.trim()).hostname;
  expect(databaseHost === composeEnv.POSTGRES_HOST, `app1's DATABASE_URL names the db container's address, not "${databaseHost}"`);
  say(`both app containers are healthy, on PostgreSQL at ${databaseHost}`);

  for (const container of [app1, app2]) {
    const pid1 = run("podman", [
      "exec",
      container,
      "node",
      "-p",
      "require('fs').readFileSync('/proc/1/cmdline', 'utf8').split('\\0').join(' ')",
    ])!;
    expect(/^node server\/prod\.ts build\/server\/index\.js/.test(pid1), `${container}: PID 1 is node itself, not "${pid1.trim()}"`);
  }

  say("minting a Jimmy as the admin, then a demo hunter reports a discovery through app1");
  const admin = new Visitor("admin");
  const adminLogin = await admin.request(app1, "/api/admin/login", { json: { password: adminPassword } });
  expect(adminLogin.status === 200, "the admin signs in", adminLogin);
  const mint = await admin.request(app1, "/admin/jimmys", {
    form: new URLSearchParams({ from: String(SERIAL), to: String(SERIAL), password: adminPassword }),
  });
  expect(mint.status === 302 || mint.status === 204 || mint.status === 200, "the admin mints a Jimmy", mint);
  const jimmy = await admin.request(app2, `/api/jimmys/serial/${SERIAL}`);
  expect(jimmy.status === 200, "app2 knows the Jimmy app1 minted", jimmy);
  const jimmyId = jimmy.json<{ jimmy: { id: number } }>().jimmy.id;

  const hunter = new Visitor("hunter");
  const signIn = await hunter.request(app1, "/login", { form: new URLSearchParams({ firstName: "Contessa", lastName: "Tainer" }) });
  expect(signIn.status === 302, "the demo hunter signs in", signIn);
  const photo = new FormData();
  photo.set("photo", new Blob([fs.readFileSync("tests/fixtures/rotated-with-gps.jpg")], { type: "image/jpeg" }), "jimmy.jpg");
  const upload = await hunter.request(app1, "/api/upload", { form: photo });
  expect(upload.status === 200, "the hunter uploads a photo", upload);
  const { tempPath } = upload.json<{ tempPath: string }>();
  const report = await hunter.request(app1, "/api/discoveries", {
    json: {
      jimmyId,
      tempPath,
      caption: "Found it in a container",
      latitude: "30.2669",
      longitude: "-97.7729",
      checkCode: checkCodeFor(SERIAL, qrSecret),
    },
  });
  expect(report.status === 201, "the hunter reports the discovery", report);
  const discoveryId = report.json<{ id: number }>().id;
  say(`discovery ${discoveryId} recorded`);

  say("stopping both app containers (SIGTERM) and starting them again");
  const stopStarted = performance.now();
  run("podman", ["stop", "--time", "20", app1, app2]);
  const stopSeconds = (performance.now() - stopStarted) / 1000;
  for (const container of [app1, app2]) {
    const exitCode = inspect(container, "{{.State.ExitCode}}");
    expect(exitCode === "0", `${container} exits cleanly on SIGTERM (exit code ${exitCode}, 143 or 137 means the signal was not handled)`);
  }
  say(`both stopped cleanly in ${stopSeconds.toFixed(1)} s`);
  run("podman", ["start", app1, app2]);
  await untilHealthy([app1, app2]);

  for (const container of [app2, app1]) {
    const me = await hunter.request(container, "/api/auth/user");
    expect(
      me.status === 200 && me.json<{ firstName: string }>().firstName === "Contessa",
      `${container} still knows the hunter's session`,
      me,
    );
    const feed = await hunter.request(container, `/api/discoveries?limit=5`);
    expect(feed.status === 200, `${container} lists the discoveries`, feed);
    const found = feed.json<{ id: number; photoUrl: string; caption: string }[]>().find((discovery) => discovery.id === discoveryId);
    expect(found?.caption === "Found it in a container", `${container} still has discovery ${discoveryId}`, feed);
    const image = await hunter.request(container, found.photoUrl);
    expect(
      image.status === 200 && image.type?.startsWith("image/") && image.body.length > 1000,
      `${container} serves its photo ${found.photoUrl}`,
      image,
    );
  }
  say("after the restart, both app containers find the session, the discovery and its photo");
}

async function cleanUp(before: NetworkState) {
  say("removing the stack's containers, network and volumes");
  // podman-compose's down, then whatever it may have left (by the project's label).
  run("podman-compose", compose(["down", "-v"]), { env: composeEnv, quiet: true });
  const label = `io.podman.compose.project=${PROJECT}`;
  const leftovers = run("podman", ["ps", "-aq", "--filter", `label=${label}`], { quiet: true })?.trim();
  if (leftovers) run("podman", ["rm", "-f", "-v", ...leftovers.split("\n")], { quiet: true });
  for (const volume of (run("podman", ["volume", "ls", "-q", "--filter", `label=${label}`], { quiet: true }) ?? "").trim().split("\n")) {
    if (volume) run("podman", ["volume", "rm", "-f", volume], { quiet: true });
  }
  for (const network of (run("podman", ["network", "ls", "-q", "--filter", `label=${label}`], { quiet: true }) ?? "").trim().split("\n")) {
    if (network) run("podman", ["network", "rm", "-f", network], { quiet: true });
  }
  restoreNetwork(before);
  fs.rmSync(work, { recursive: true, force: true });
  say("IP forwarding and firewall rules are as they were");
}

const before = networkState();
let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`\n[container] FAILED: ${error instanceof Error ? error.message : String(error)}`);
  for (const container of [app1, app2, db]) {
    const logs = run("podman", ["logs", "--tail", "30", container], { quiet: true });
    if (logs) console.error(`\n── last lines of ${container} ──\n${logs}`);
  }
} finally {
  try {
    await cleanUp(before);
  } catch (error) {
    failed = true;
    console.error(`[container] cleaning up failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
say(failed ? "FAILED" : "passed");
process.exitCode = failed ? 1 : 0;
