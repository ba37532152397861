import { useRouteLoaderData } from "@remix-run/react";
import type { HeaderUser } from "~/components/SiteHeader";
import type { HuntConfig } from "~/lib/config";
import type { Language } from "~/lib/language";
import type { Toast } from "~/lib/toast";

/*
 * What the root route's loader gives every page, written out here so that
 * components read it without importing app/root.tsx (which imports the
 * server's models and infrastructure); the loader is checked against it.
 */

/**
 * The signed-in hunter as every page knows them: the header's name and photo, and the id
 * this device files their outbox, drafts and saved pages under (docs/decisions/010-service-worker.md).
 */
export type RootUser = HeaderUser & { id: number };

export type RootLoaderData = {
  hunt: HuntConfig;
  /** PUBLIC_URL's, for the pages' canonical addresses and link previews (app/lib/link-preview.ts). */
  origin: string;
  toast: Toast | null;
  now: string;
  user: RootUser | null;
  unreadNotifications: number;
  demoSignIn: boolean;
  /** The page's language (app/web/language.server.ts). */
  language: Language;
};

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<RootLoaderData>("root") as RootLoaderData | undefined;
}
