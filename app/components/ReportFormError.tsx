import { useParams } from "@remix-run/react";
import { ErrorPage, type ErrorText } from "./ui/ErrorPage";
import { type T, useT } from "./i18n";

/** An unknown Jimmy, on its page and on its report forms alike; `t` words it in the page's language (English without it). */
export function jimmyNotFound(serial: string | undefined, t?: T): ErrorText {
  if (!t) return { title: "Jimmy Not Found", message: `There is no Jimmy #${serial ?? ""}. Check the number on the label and try again.` };
  return {
    title: t("Jimmy Not Found"),
    message: t("There is no Jimmy #{serial}. Check the number on the label and try again.", { serial: serial ?? "" }),
  };
}

/** The discovery form pages' error page: an unknown Jimmy is 'Jimmy Not Found' (404). */
export function ReportFormError() {
  const { serial } = useParams();
  const t = useT();
  return (
    <ErrorPage
      texts={{
        404: jimmyNotFound(serial, t),
        other: {
          title: t("Failed to submit discovery"),
          fallback: t("Something went wrong on our side. Nothing was recorded — please try again in a moment."),
        },
      }}
    />
  );
}
