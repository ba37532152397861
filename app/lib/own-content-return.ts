import { discoveryPagePath, jimmyPath } from "./discoveries";
import type { MessageKey } from "./language";
import { safeRedirect } from "./redirect";

/** The query parameter and form field that carry where a hunter edits or deletes their discovery from. */
export const RETURN_FIELD = "redirectTo";

type OwnDiscovery = { id: number; serialNumber: number };

/** The discovery's entry on its Jimmy's timeline: where its edit and delete pages go back to when nothing else is asked. */
export function timelineEntryPath(discovery: OwnDiscovery): string {
  return `${jimmyPath(discovery.serialNumber)}#discovery-${discovery.id}`;
}

/**
 * Where a hunter goes back to from editing their discovery: the page they came
 * from (its own page, their profile, the Jimmy's timeline), if it is a path on
 * this site; anything else (another site, a scheme) is ignored for the timeline.
 */
export function ownContentReturn(requested: FormDataEntryValue | string | null | undefined, discovery: OwnDiscovery): string {
  return safeRedirect(requested, timelineEntryPath(discovery));
}

/**
 * Where a hunter lands once their discovery is deleted: the page they came
 * from without the deleted entry's anchor, or the Jimmy's page when they came
 * from the discovery's own page, which is gone.
 */
export function afterDeleteReturn(back: string, discovery: OwnDiscovery): string {
  const url = new URL(back, "http://same-origin.invalid");
  if (url.pathname === discoveryPagePath(discovery.id)) return jimmyPath(discovery.serialNumber);
  const anchor = `#discovery-${discovery.id}`;
  return url.hash === anchor ? `${url.pathname}${url.search}` : back;
}

/** Any `t` (useT, requestT) where only text comes back. */
type Words = (key: MessageKey, values?: Record<string, string | number | null | undefined>) => string;

/** What the way back from the edit and delete pages is called: the page it goes to, in the language of `t`. */
export function returnLabel(back: string, discovery: OwnDiscovery, t: Words): string {
  const { pathname } = new URL(back, "http://same-origin.invalid");
  const serial = String(discovery.serialNumber);
  if (pathname === discoveryPagePath(discovery.id)) return t("Your discovery of Jimmy #{serial}", { serial });
  if (pathname === jimmyPath(discovery.serialNumber)) return t("Jimmy #{serial}", { serial });
  if (pathname.startsWith("/hunters/")) return t("Your profile");
  return t("Back");
}
