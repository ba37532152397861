import { isRouteErrorResponse, Link, useParams, useRouteError } from "@remix-run/react";
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
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-orange-100 text-orange-800">
        <AlertIcon className="h-7 w-7" />
      </span>
      <h1 className="mt-5 text-2xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-3 text-stone-700">{message}</p>
      <Link to="/" className="mt-8 inline-flex rounded-full bg-orange-700 px-5 py-2.5 font-semibold text-white hover:bg-orange-800">
        Back to the hunt
      </Link>
    </section>
  );
}
