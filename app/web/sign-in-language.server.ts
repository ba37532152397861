import type { Executor } from "~/infra/db.server";
import { isLanguage } from "~/lib/language";
import { cookieValues } from "~/lib/reader-preferences";
import { setUserLanguage, userLanguage } from "~/models/users.server";
import { languageCookie, LANGUAGE_COOKIE, servedLanguages } from "~/web/language.server";

/** The language this browser chose (the `lang` cookie, set by the switch or by `?lang=`), if any. */
function chosenHere(request: Request) {
  const value = cookieValues(request.headers.get("Cookie")).get(LANGUAGE_COOKIE);
  return isLanguage(value, servedLanguages()) ? value : null;
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
