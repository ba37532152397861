import { localDateTime, readerZone } from "~/lib/local-time";
import { requestPreferences } from "~/lib/reader-preferences";
import { DataExportTooSoonError, requestDataExport } from "~/services/data-export.server";
import { requestLanguage, requestT } from "~/web/language.server";
import { done, refuse, type IntentContext } from "./answer.server";

/** Asks for an archive of the hunter's data: once a day, a second ask within it refused with when to ask again. */
export async function exportAction({ request, db, user }: IntentContext) {
  const t = requestT(request);
  let created: boolean;
  try {
    ({ created } = await requestDataExport(db, { userId: user.id, requestedBy: "hunter" }));
  } catch (error) {
    if (!(error instanceof DataExportTooSoonError)) throw error;
    const when = localDateTime(error.retryAt, readerZone(requestPreferences(request).timeZone).timeZone, requestLanguage(request));
    const retryAfter = Math.max(1, Math.ceil((Date.parse(error.retryAt) - Date.now()) / 1000));
    return refuse(
      "export",
      {},
      {
        formError: t("You can ask for your data once a day, and you asked less than a day ago. You can ask again after {when}.", { when }),
        fieldErrors: {},
      },
      { status: 429, headers: { "Retry-After": String(retryAfter) } },
    );
  }
  return done(
    created ? t("Preparing your data") : t("Already preparing your data"),
    t("Your archive appears under \u201cYour data\u201d in a minute or two; reload the page to see it. It can be downloaded for 7 days."),
  );
}
