import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.server";

const request = (forwardedFor?: string) =>
  new Request("http://localhost/", { headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {} });

describe("the client's address", () => {
  it("is the connection's peer address when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    expect(clientAddress(request("203.0.113.9"), { clientAddress: "198.51.100.4" }, 0)).toBe("198.51.100.4");
    expect(clientAddress(request("203.0.113.9"), { clientAddress: "::ffff:198.51.100.4" }, 0)).toBe("198.51.100.4");
    expect(clientAddress(request("203.0.113.9"), undefined, 0)).toBeNull();
  });

  it("behind trusted proxies is the entry the outermost one appended, not what the client forged to its left", () => {
    expect(clientAddress(request("6.6.6.6, 203.0.113.9"), { clientAddress: "10.0.0.2" }, 1)).toBe("203.0.113.9");
    expect(clientAddress(request("6.6.6.6, 203.0.113.9, 10.0.0.7"), { clientAddress: "10.0.0.2" }, 2)).toBe("203.0.113.9");
    expect(clientAddress(request("2001:DB8::1"), undefined, 1)).toBe("2001:db8::1");
  });

  it("falls back to the peer address when the forwarded header is missing or not an address", () => {
    expect(clientAddress(request(), { clientAddress: "10.0.0.2" }, 1)).toBe("10.0.0.2");
    expect(clientAddress(request("not-an-address"), { clientAddress: "10.0.0.2" }, 1)).toBe("10.0.0.2");
  });
});
