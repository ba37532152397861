import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { buttonClass } from "~/root";
import { parseLabelCode } from "~/lib/qr-code";
import { loginHref } from "~/lib/redirect";
import type { QrErrorCode } from "~/lib/qr-errors";
import { clientAddress } from "~/web/client-address.server";
import { getDb } from "~/infra/db.server";
import { issueScanProof } from "~/services/possession.server";
import { checkLabel, discoveryFormPath } from "~/services/qr.server";
import { getUser } from "~/web/session.server";

export const meta: MetaFunction = () => [{ title: "QR Code" }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const noStore = { "Cache-Control": "no-store" };
const toFound = (error: QrErrorCode) => redirect(`/found?error=${error}`, { headers: noStore });

/**
 * Where a label's QR code leads (https://{host}/q/{serial}-{check}). It only
 * reads: a signed-in hunter lands on the right discovery form for the Jimmy
 * with a scan proof (docs/security.md), so the form does not ask for the
 * code; a signed-out one signs in first and comes back here; a failure ends
 * on /found with its reason. Every target is a fixed path on this site.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const code = parseLabelCode(params.code ?? "");
  if (!code) return toFound("invalid_qr");
  let outcome;
  let user;
  try {
    const db = getDb();
    user = await getUser(request, { db });
    outcome = await checkLabel(db, { ...code, address: clientAddress(request, context), userId: user?.id ?? null });
  } catch (error) {
    console.error("Checking a QR label failed", error);
    return toFound("server_error");
  }
  if (outcome.ok) {
    // The scan proof is bound to the hunter, so a signed-out scanner signs in first and comes back here.
    if (!user) return redirect(loginHref(`/q/${params.code}`), { headers: noStore });
    const proof = issueScanProof(outcome.serial, user.id);
    return redirect(`${discoveryFormPath(outcome.serial, outcome.found)}?proof=${proof}`, { headers: noStore });
  }
  if (outcome.error === "rate_limited") {
    const minutes = Math.max(1, Math.ceil((Date.parse(outcome.retryAt) - Date.now()) / 60_000));
    return data({ minutes }, { status: 429, headers: { ...noStore, "Retry-After": String(minutes * 60) } });
  }
  return toFound(outcome.error);
}

/** Shown only while the connection is refused for too many codes that could not be verified. */
export default function TooManyAttempts() {
  const { minutes } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-2xl font-extrabold tracking-tight">Too many attempts</h1>
      <p className="mt-3 text-stone-700">
        Too many QR codes that could not be verified came from your connection. Please wait {minutes} {minutes === 1 ? "minute" : "minutes"}{" "}
        and try again.
      </p>
      <Link to="/" className={buttonClass("primary", "cta", "mt-8")}>
        Go Home
      </Link>
    </section>
  );
}
