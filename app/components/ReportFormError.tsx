import { isRouteErrorResponse, useParams, useRouteError } from "@remix-run/react";
import { ErrorNotice } from "~/root";
import { AlertIcon } from "./ui/icons";

/** The discovery form pages' error page: an unknown Jimmy is 'Jimmy Not Found' (404). */
export function ReportFormError() {
  const error = useRouteError();
  const params = useParams();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Jimmy Not Found" : "Failed to submit discovery";
  const message = notFound
    ? `There is no Jimmy #${params.serial ?? ""}. Check the number on the label and try again.`
    : isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : "Something went wrong on our side. Nothing was recorded — please try again in a moment.";
  return (
    <ErrorNotice
      eyebrow={
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-orange-100 text-orange-800">
          <AlertIcon className="h-7 w-7" />
        </span>
      }
      title={title}
      message={message}
    />
  );
}
