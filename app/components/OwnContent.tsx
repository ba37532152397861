import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { AlertIcon, BackIcon } from "./ui/icons";

/** The frame of the edit, delete and flag pages: a way back to the Jimmy, a heading, the form. */
export function ContentPage({ back, backLabel, title, children }: { back: string; backLabel: string; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-6 sm:py-10">
      <Link to={back} className="inline-flex items-center gap-1.5 text-sm font-semibold text-orange-800 hover:text-orange-900">
        <BackIcon className="h-4 w-4" />
        {backLabel}
      </Link>
      <div className="mt-4 rounded-3xl border border-orange-100 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
        {children}
      </div>
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

export const fieldClass = "mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-base aria-[invalid=true]:border-red-500";
export const labelClass = "block text-sm font-semibold text-stone-800";
export const primaryButtonClass = "h-11 rounded-full bg-orange-700 px-5 font-semibold text-white hover:bg-orange-800 disabled:opacity-60";
export const dangerButtonClass = "h-11 rounded-full bg-red-700 px-5 font-semibold text-white hover:bg-red-800 disabled:opacity-60";
export const secondaryLinkClass = "inline-flex h-11 items-center rounded-full border border-stone-300 px-5 font-semibold hover:bg-stone-50";

/** Refusals (403: not yours; 404: gone) say why in the page, with the server's own words. */
export function ContentError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 403 ? "Not yours to change" : status === 404 ? "Not found" : "Something went wrong";
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : "Something went wrong on our side. Nothing was changed — please try again in a moment.";
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
