import type { Executor } from "~/infra/db.server";
import { isLanguage } from "~/lib/language";
import { setUserLanguage, userLanguage } from "~/models/users.server";
import { languageCookie, LANGUAGE_COOKIE, servedLanguages } from "~/web/language.server";

/** The language this browser chose (the `lang` cookie, set by the switch or by `?lang=`), if any. */
function chosenHere(request: Request) {
  for (const pair of request.headers.get("Cookie")?.split(";") ?? []) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === LANGUAGE_COOKIE) {
      const value = pair.slice(at + 1).trim();
      return isLanguage(value, servedLanguages()) ? value : null;
    }
  }
  return null;
}

/**
 * At sign-in, the hunter's language follows them (docs/decisions/023-languages.md):
 * one saved on their account comes back to this browser (the `Set-Cookie` answered);
 * one chosen in this browser before signing in, with none saved, is saved.
 */
export async function languageAtSignIn(request: Request, db: Executor, userId: number): Promise<string | null> {
  const saved = await userLanguage(db, userId);
  const here = chosenHere(request);
  if (saved && isLanguage(saved, servedLanguages())) return saved === here ? null : languageCookie(saved);
  if (here) await setUserLanguage(db, userId, here);
  return null;
}
