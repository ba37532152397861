import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeDatabase } from "./db.server";
import { ConfigError, parseEnv } from "./env.server";

describe("configuration", () => {
  it("runs locally with nothing set", () => {
    const config = parseEnv({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.databasePath).toBe(path.resolve("./data/jimmy-hunt.sqlite"));
    expect(config.publicUrl.href).toBe("http://localhost:3000/");
    expect(config.hunt.name).toBe("Jimmy Hunt");
    expect(config.sessionSecrets).toHaveLength(1);
  });

  it("sends email only with both SMTP_URL and MAIL_FROM, and refuses either one malformed or alone", () => {
    expect(parseEnv({}).mail).toBeNull();
    expect(parseEnv({ SMTP_URL: "smtps://u:p@mail.example.com:465", MAIL_FROM: "Jimmy Hunt <hunt@example.com>" }).mail).toEqual({
      smtpUrl: "smtps://u:p@mail.example.com:465",
      from: "Jimmy Hunt <hunt@example.com>",
    });
    expect(parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: "hunt@example.com" }).mail?.from).toBe("hunt@example.com");
    expect(() => parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525" })).toThrow(/MAIL_FROM is required with SMTP_URL/);
    expect(() => parseEnv({ MAIL_FROM: "hunt@example.com" })).toThrow(/MAIL_FROM is set but SMTP_URL is not/);
    expect(() => parseEnv({ SMTP_URL: "https://mail.example.com", MAIL_FROM: "hunt@example.com" })).toThrow(
      /SMTP_URL: must be an smtp:\/\//,
    );
    expect(() => parseEnv({ SMTP_URL: "smtp://127.0.0.1", MAIL_FROM: "Jimmy Hunt" })).toThrow(/MAIL_FROM: must be an address/);
    expect(() => parseEnv({ JOB_POLL_MS: "5" })).toThrow(/JOB_POLL_MS: must be a whole number of milliseconds from 100 to 600000/);
  });

  it("places the database in DATA_DIR unless DATABASE_URL names another file", () => {
    expect(parseEnv({ DATA_DIR: "/srv/hunt" }).databasePath).toBe("/srv/hunt/jimmy-hunt.sqlite");
    expect(parseEnv({ DATA_DIR: "/srv/hunt", DATABASE_URL: "file:/db/other.sqlite" }).databasePath).toBe("/db/other.sqlite");
    expect(parseEnv({ DATA_DIR: "/srv/hunt" }).databaseUrl).toBeNull();
  });

  it("runs on PostgreSQL when DATABASE_URL is a postgres:// or postgresql:// URL, and names it without the password", () => {
    for (const url of ["postgres://hunt:pw@db.internal:5432/hunt", "postgresql://hunt@10.0.0.5/hunt?sslmode=require"]) {
      expect(parseEnv({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
    expect(describeDatabase(parseEnv({ DATABASE_URL: "postgres://hunt:s3cret@db.internal:5433/hunt" }))).toBe(
      "PostgreSQL db.internal:5433/hunt",
    );
    expect(describeDatabase(parseEnv({ DATA_DIR: "/srv/hunt" }))).toBe("/srv/hunt/jimmy-hunt.sqlite");
  });

  it("refuses to start in production without a real session secret", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "short" })).toThrow(/at least 32 characters/);
    const config = parseEnv({ NODE_ENV: "production", SESSION_SECRET: `${"a".repeat(32)}, ${"b".repeat(40)}`, QR_SECRET: "q".repeat(32) });
    expect(config.sessionSecrets).toEqual(["a".repeat(32), "b".repeat(40)]);
  });

  it("needs a QR label key in production, and derives one for local use", () => {
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "a".repeat(32) })).toThrow(/QR_SECRET is required in production/);
    expect(() => parseEnv({ QR_SECRET: "short" })).toThrow(/QR_SECRET must be at least 32 characters/);
    expect(parseEnv({ SESSION_SECRET: "s".repeat(32) }).qrSecret).toBe(`qr:${"s".repeat(32)}`);
    expect(parseEnv({ QR_SECRET: "q".repeat(40) }).qrSecret).toBe("q".repeat(40));
  });

  it("takes the admin password only as a hash, and proxies only when named", () => {
    expect(parseEnv({}).adminPasswordHash).toBeNull();
    expect(() => parseEnv({ ADMIN_PASSWORD_HASH: "hunter2" })).toThrow(/ADMIN_PASSWORD_HASH/);
    const hash = `scrypt$32768$8$1$${"s".repeat(22)}$${"h".repeat(43)}`;
    expect(parseEnv({ ADMIN_PASSWORD_HASH: hash }).adminPasswordHash).toBe(hash);
    expect(parseEnv({}).trustedProxies).toEqual([]);
    expect(parseEnv({ TRUSTED_PROXY: "10.0.0.1, 10.0.0.2" }).trustedProxies).toEqual(["10.0.0.1", "10.0.0.2"]);
  });

  it("names every invalid setting", () => {
    expect(() => parseEnv({ PORT: "http", SOCIAL_FORUM_URL: "not a url" })).toThrow(/PORT.*SOCIAL_FORUM_URL/);
  });

  it("takes the hunt's name, tagline and links from the environment", () => {
    const config = parseEnv({
      HUNT_NAME: "Find Jimmy",
      HUNT_TAGLINE: "Hide and seek for good",
      SOCIAL_PHOTOS_URL: "https://photos.example/jimmy",
      SOCIAL_FORUM_URL: "https://forum.example/r/jimmy",
    });
    expect(config.hunt).toMatchObject({
      name: "Find Jimmy",
      tagline: "Hide and seek for good",
      socialPhotosUrl: "https://photos.example/jimmy",
      socialForumUrl: "https://forum.example/r/jimmy",
    });
  });

  it("allows the local demo sign-in only on a loopback address", () => {
    expect(parseEnv({ DEMO_SIGN_IN: "true" }).demoSignIn).toBe(true);
    expect(parseEnv({ DEMO_SIGN_IN: "true", PUBLIC_URL: "http://127.0.0.1:3100" }).demoSignIn).toBe(true);
    expect(parseEnv({ DEMO_SIGN_IN: "true", PUBLIC_URL: "http://[::1]:3000" }).demoSignIn).toBe(true);
    expect(() => parseEnv({ DEMO_SIGN_IN: "true", PUBLIC_URL: "https://jimmyhunt.app" })).toThrow(/DEMO_SIGN_IN.*loopback/);
    expect(() => parseEnv({ DEMO_SIGN_IN: "true", PUBLIC_URL: "http://192.168.1.20:3000" })).toThrow(ConfigError);
    expect(parseEnv({}).demoSignIn).toBe(false);
  });

  it("refuses the demo sign-in on a server told to listen beyond loopback", () => {
    expect(() => parseEnv({ DEMO_SIGN_IN: "true", HOST: "0.0.0.0" })).toThrow(/DEMO_SIGN_IN.*HOST=0\.0\.0\.0/);
    expect(() => parseEnv({ DEMO_SIGN_IN: "true", HOST: "::" })).toThrow(ConfigError);
    expect(() => parseEnv({ DEMO_SIGN_IN: "true", HOST: "192.168.1.20" })).toThrow(ConfigError);
    expect(parseEnv({ DEMO_SIGN_IN: "true", HOST: "127.0.0.1" }).demoSignIn).toBe(true);
    expect(parseEnv({ DEMO_SIGN_IN: "true", HOST: "::1" }).demoSignIn).toBe(true);
    expect(parseEnv({ HOST: "0.0.0.0" }).demoSignIn).toBe(false);
  });

  it("offers a sign-in provider only when all of its credentials are set", () => {
    expect(parseEnv({}).oauth).toEqual({ google: null, apple: null, meta: null });
    const config = parseEnv({
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      APPLE_CLIENT_ID: "app.example",
      APPLE_TEAM_ID: "TEAM",
      APPLE_KEY_ID: "KEY",
      APPLE_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----",
      META_APP_ID: "123",
    });
    expect(config.oauth.google).toMatchObject({ clientId: "id", issuer: "https://accounts.google.com" });
    expect(config.oauth.apple?.privateKey).toBe("-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----");
    expect(config.oauth.meta).toBeNull();
    expect(() => parseEnv({ META_GRAPH_VERSION: "21" })).toThrow(/META_GRAPH_VERSION/);
  });

  it("reads the page cache's time to live from PAGE_CACHE_TTL_MS and refuses a bad one with a message naming it", () => {
    expect(parseEnv({}).pageCacheTtlMs).toBe(1000);
    expect(parseEnv({ PAGE_CACHE_TTL_MS: "" }).pageCacheTtlMs).toBe(1000);
    expect(parseEnv({ PAGE_CACHE_TTL_MS: "0" }).pageCacheTtlMs).toBe(0);
    expect(parseEnv({ PAGE_CACHE_TTL_MS: "2500" }).pageCacheTtlMs).toBe(2500);
    for (const bad of ["-1", "1.5", "soon", "60001"]) {
      expect(() => parseEnv({ PAGE_CACHE_TTL_MS: bad })).toThrow(
        `PAGE_CACHE_TTL_MS: must be a whole number of milliseconds from 0 to 60000; it is "${bad}"`,
      );
    }
  });

  it("reads how long a request may take from REQUEST_TIMEOUT_MS, and refuses a value that would cut every upload or none", () => {
    expect(parseEnv({}).requestTimeoutMs).toBe(120_000);
    expect(parseEnv({ REQUEST_TIMEOUT_MS: "5000" }).requestTimeoutMs).toBe(5000);
    for (const bad of ["0", "999", "2 minutes", "3600001"]) {
      expect(() => parseEnv({ REQUEST_TIMEOUT_MS: bad })).toThrow(
        `REQUEST_TIMEOUT_MS: must be a whole number of milliseconds from 1000 to 3600000; it is "${bad}"`,
      );
    }
  });

  it("takes the pan-and-zoom map's tiles from MAP_TILE_URL, OpenStreetMap's with their credit when unset", () => {
    expect(parseEnv({}).mapTiles).toEqual({
      urlTemplate: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      origin: "https://tile.openstreetmap.org",
      attribution: "© OpenStreetMap contributors",
      attributionUrl: "https://www.openstreetmap.org/copyright",
    });
    expect(
      parseEnv({
        MAP_TILE_URL: "https://tiles.example.com:8443/styles/streets/{z}/{x}/{y}{r}.png?key=pk_browser",
        MAP_TILE_ATTRIBUTION: "© Example Maps © OpenStreetMap contributors",
        MAP_TILE_ATTRIBUTION_URL: "https://tiles.example.com/credits",
      }).mapTiles,
    ).toEqual({
      urlTemplate: "https://tiles.example.com:8443/styles/streets/{z}/{x}/{y}{r}.png?key=pk_browser",
      origin: "https://tiles.example.com:8443",
      attribution: "© Example Maps © OpenStreetMap contributors",
      attributionUrl: "https://tiles.example.com/credits",
    });
    // A local tile server (the browser tests run one) may speak plain http.
    expect(parseEnv({ MAP_TILE_URL: "http://127.0.0.1:3951/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: "Test tiles" }).mapTiles).toMatchObject({
      origin: "http://127.0.0.1:3951",
      attributionUrl: null,
    });
  });

  it("refuses a tile URL the browser could not use or the CSP could not name, saying why", () => {
    const tiles = (MAP_TILE_URL: string) => () => parseEnv({ MAP_TILE_URL, MAP_TILE_ATTRIBUTION: "Tiles" });
    expect(tiles("https://{s}.tile.example.com/{z}/{x}/{y}.png")).toThrow(
      /MAP_TILE_URL must be an http\(s\) address whose host has no placeholder/,
    );
    expect(tiles("tile.example.com/{z}/{x}/{y}.png")).toThrow(/MAP_TILE_URL must be an http\(s\) address/);
    expect(tiles("http://tiles.example.com/{z}/{x}/{y}.png")).toThrow(/MAP_TILE_URL must be https \(http only on a loopback address\)/);
    expect(tiles("https://tiles.example.com/{z}/{y}.png")).toThrow(/MAP_TILE_URL must have \{x\} in it/);
    expect(tiles("https://tiles.example.com/{z}/{x}/{y}.png?lang={lang}")).toThrow(/MAP_TILE_URL has \{lang\}/);
    expect(tiles("https://user:pw@tiles.example.com/{z}/{x}/{y}.png")).toThrow(/must not carry a user name or password/);
    expect(() => parseEnv({ MAP_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png" })).toThrow(
      /MAP_TILE_ATTRIBUTION is required with MAP_TILE_URL/,
    );
    expect(() => parseEnv({ MAP_TILE_ATTRIBUTION_URL: "not a url" })).toThrow(/MAP_TILE_ATTRIBUTION_URL/);
  });

  it("logs requests unless LOG_REQUESTS is false or 0, and refuses a word it cannot read as either", () => {
    expect(parseEnv({}).logRequests).toBe(true);
    expect(parseEnv({ LOG_REQUESTS: "" }).logRequests).toBe(true);
    expect(parseEnv({ LOG_REQUESTS: "1" }).logRequests).toBe(true);
    expect(parseEnv({ LOG_REQUESTS: "false" }).logRequests).toBe(false);
    expect(parseEnv({ LOG_REQUESTS: "0" }).logRequests).toBe(false);
    expect(() => parseEnv({ LOG_REQUESTS: "off" })).toThrow(/LOG_REQUESTS: must be "true", "false", "1" or "0"/);
  });

  it("listens where HOST says, on loopback only for the demo sign-in, and refuses a HOST that is not an address", () => {
    expect(parseEnv({}).listenHost).toBeUndefined();
    expect(parseEnv({ HOST: "" }).listenHost).toBeUndefined();
    expect(parseEnv({ HOST: "0.0.0.0" }).listenHost).toBe("0.0.0.0");
    expect(parseEnv({ HOST: "::" }).listenHost).toBe("::");
    expect(parseEnv({ DEMO_SIGN_IN: "true" }).listenHost).toBe("127.0.0.1");
    expect(parseEnv({ DEMO_SIGN_IN: "true", PUBLIC_URL: "http://[::1]:3000" }).listenHost).toBe("::1");
    for (const bad of ["http://0.0.0.0", "localhost:3000", "[::1]", "my host"]) {
      expect(() => parseEnv({ HOST: bad })).toThrow(/HOST: must be a host name or IP address to listen on/);
    }
  });

  it("refuses a PORT that is not a port number, naming it", () => {
    expect(parseEnv({ PORT: "8080" }).port).toBe(8080);
    for (const bad of ["0", "65536", "http", "80.5"]) {
      expect(() => parseEnv({ PORT: bad })).toThrow(`PORT: must be a whole number from 1 to 65535; it is "${bad}"`);
    }
  });
});
