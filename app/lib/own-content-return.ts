import { discoveryPagePath, jimmyPath } from "./discoveries";
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

/** What the way back from the edit and delete pages is called: the page it goes to. */
export function returnLabel(back: string, discovery: OwnDiscovery): string {
  const { pathname } = new URL(back, "http://same-origin.invalid");
  if (pathname === discoveryPagePath(discovery.id)) return `Your discovery of Jimmy #${discovery.serialNumber}`;
  if (pathname === jimmyPath(discovery.serialNumber)) return `Jimmy #${discovery.serialNumber}`;
  if (pathname.startsWith("/hunters/")) return "Your profile";
  return "Back";
}
