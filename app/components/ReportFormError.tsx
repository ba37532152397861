import { useParams } from "@remix-run/react";
import { ErrorPage, type ErrorText } from "./ui/ErrorPage";

/** An unknown Jimmy, on its page and on its report forms alike. */
export function jimmyNotFound(serial: string | undefined): ErrorText {
  return { title: "Jimmy Not Found", message: `There is no Jimmy #${serial ?? ""}. Check the number on the label and try again.` };
}

/** The discovery form pages' error page: an unknown Jimmy is 'Jimmy Not Found' (404). */
export function ReportFormError() {
  const { serial } = useParams();
  return (
    <ErrorPage
      texts={{
        404: jimmyNotFound(serial),
        other: {
          title: "Failed to submit discovery",
          fallback: "Something went wrong on our side. Nothing was recorded — please try again in a moment.",
        },
      }}
    />
  );
}
