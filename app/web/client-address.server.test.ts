import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.server";

const request = (forwardedFor?: string) =>
  new Request("http://hunt.example/admin", { headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {} });

describe("the client address", () => {
  it("is the connection's address, whatever X-Forwarded-For claims", () => {
    expect(clientAddress(request("198.51.100.7"), { socketAddress: "203.0.113.5" }, [])).toBe("203.0.113.5");
    expect(clientAddress(request(), { socketAddress: "::ffff:203.0.113.5" }, [])).toBe("203.0.113.5");
  });

  it("comes from X-Forwarded-For only behind a trusted proxy, skipping the proxies themselves", () => {
    const proxies = ["10.0.0.1", "10.0.0.2"];
    expect(clientAddress(request("198.51.100.7"), { socketAddress: "10.0.0.1" }, proxies)).toBe("198.51.100.7");
    // A client can prepend anything; only the hop the proxy added is believed.
    expect(clientAddress(request("1.2.3.4, 198.51.100.7, 10.0.0.2"), { socketAddress: "10.0.0.1" }, proxies)).toBe("198.51.100.7");
    expect(clientAddress(request("not-an-ip"), { socketAddress: "10.0.0.1" }, proxies)).toBe("10.0.0.1");
  });

  it("is 'unknown' when the server did not say", () => {
    expect(clientAddress(request("198.51.100.7"), undefined, [])).toBe("unknown");
  });
});
