import crypto from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";
import type { Toast, ToastInput } from "~/lib/toast";
import { env } from "~/infra/env.server";

const ToastSchema = z.object({
  id: z.string().max(64).optional(),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "success", "destructive"]).default("default"),
});

/**
 * Flash messages (the spec's toasts) travel in a short-lived signed cookie set
 * by an action and cleared by the next page render, so they show up with or
 * without JavaScript and need no server-side state.
 */
function flashCookie() {
  const config = env();
  return createCookie(config.isProduction && config.publicUrl.protocol === "https:" ? "__Host-jh_flash" : "jh_flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.isProduction && config.publicUrl.protocol === "https:",
    secrets: config.sessionSecrets,
    maxAge: 60,
  });
}

export async function flashHeader(toast: ToastInput): Promise<string> {
  return flashCookie().serialize(ToastSchema.parse({ id: crypto.randomUUID(), ...toast }));
}

/** A redirect that shows `toast` on the page it leads to (the spec's toasts, with or without JavaScript). */
export async function redirectWithToast(url: string, toast: ToastInput, init?: { headers?: HeadersInit }): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await flashHeader(toast));
  return redirect(url, { headers });
}

/** Whether a toast is waiting for the next page (whose render then clears it). */
export async function hasFlash(cookieHeader: string | null): Promise<boolean> {
  const raw: unknown = await flashCookie().parse(cookieHeader);
  return raw !== null && raw !== undefined;
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function consumeFlash(request: Request): Promise<{ toast: Toast | null; clearHeader: string | null }> {
  const cookie = flashCookie();
  const header = request.headers.get("Cookie");
  // Nearly every page has no toast waiting: no need to parse the header to see that.
  if (!header?.includes(cookie.name)) return { toast: null, clearHeader: null };
  const raw = await cookie.parse(header);
  if (raw === null || raw === undefined) return { toast: null, clearHeader: null };
  const parsed = ToastSchema.safeParse(raw);
  return {
    toast: parsed.success ? parsed.data : null,
    clearHeader: await cookie.serialize("", { maxAge: 0 }),
  };
}
