import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { Link } from "~/components/Link";
import { jimmyPath } from "~/lib/discoveries";
import { loginHref } from "~/lib/redirect";
import { parseSerial } from "~/lib/serial";
import { keepDataAfterTransportFailure, keepPageOnTransportFailure } from "~/lib/transport";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { setWatching, watchStateOf } from "~/models/watches.server";
import { getDb } from "~/infra/db.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { flashHeader } from "~/web/flash.server";
import { readForm } from "~/web/form.server";
import { getUser, requireUser } from "~/web/session.server";
import { forgetIntentHeader, INTENT_PARAM, intentOf, rememberIntent } from "~/web/sign-in-intent.server";
import { buttonClass, secondaryLinkClass } from "~/root";

const WatchFormSchema = z.object({
  /** The state the hunter asked for, so a repeated or retried post changes nothing. */
  intent: z.enum(["watch", "unwatch"]),
});

export const meta: MetaFunction = () => [{ title: "Watch this Jimmy?" }, { name: "robots", content: "noindex" }];

/**
 * Where a Watch pressed while signed out continues after sign-in (like a
 * like's, discoveries_.$id.like_.confirm): a form that watches the Jimmy,
 * sent at once with JavaScript when this browser asked for it just now (the
 * intent cookie, ~/web/sign-in-intent.server); otherwise the hunter presses
 * Watch. Already watching, or a stray visit: the Jimmy's page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const serial = parseSerial(params.serial);
  if (serial === null) return redirect("/");
  const db = getDb();
  const jimmy = await findJimmyBySerial(db, serial);
  if (!jimmy) return redirect("/");
  const intent = await intentOf(request);
  const asked = intent?.kind === "watch" && intent.serialNumber === serial;
  const back = `${jimmyPath(serial)}#watch`;
  if (!asked) return redirect(jimmyPath(serial));
  const user = await requireUser(request, { db });
  const headers = { "Set-Cookie": await forgetIntentHeader() };
  if ((await watchStateOf(db, jimmy.id, user.id)).watching) return redirect(back, { headers });
  return data({ serialNumber: serial }, { headers });
}

/** A Watch pressed while signed out: remembered, then off to sign in, and on to this route's page, which watches. */
async function signInFirst(form: FormData, serial: number, back: string): Promise<Response> {
  if (form.get("intent") !== "watch") return redirect(loginHref(back));
  const intent = await rememberIntent({ kind: "watch", serialNumber: serial });
  const next = `${jimmyPath(serial)}/watch?${new URLSearchParams({ [INTENT_PARAM]: intent.id })}`;
  return redirect(loginHref(next), { headers: { "Set-Cookie": intent.header } });
}

/**
 * The Jimmy page's Watch button. With JavaScript (`enhanced`) it answers
 * the new state for the button; without, it goes back to the Jimmy's page
 * with a toast. A signed-out hunter signs in and the watch is then made (the loader's page).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const serial = parseSerial(params.serial);
  const db = getDb();
  const jimmy = serial === null ? undefined : await findJimmyBySerial(db, serial);
  if (!jimmy) throw new Response(`There is no Jimmy #${params.serial ?? ""}.`, { status: 404 });
  const back = `${jimmyPath(jimmy.serial_number)}#watch`;
  const form = await readForm(request);
  const user = await getUser(request, { db });
  if (!user) return signInFirst(form, jimmy.serial_number, back);
  const enhanced = form.get("enhanced") === "1";
  const parsed = WatchFormSchema.safeParse({ intent: form.get("intent") });
  if (!parsed.success) {
    const error = "That request wasn't understood: reload the page and try again.";
    if (enhanced) return Response.json({ error }, { status: 400 });
    return redirect(back, { headers: { "Set-Cookie": await flashHeader({ title: "Error", description: error, variant: "destructive" }) } });
  }
  const watching = parsed.data.intent === "watch";
  await setWatching(db, { userId: user.id, jimmyId: jimmy.id, watching });
  const state = await watchStateOf(db, jimmy.id, user.id);
  if (enhanced) return Response.json(state);
  const flash = await flashHeader(
    watching
      ? {
          title: `You're watching Jimmy #${jimmy.serial_number}`,
          description: "You'll hear when it is found again, gets a comment, reaches a milestone or is reported missing.",
          variant: "success",
        }
      : { title: `You stopped watching Jimmy #${jimmy.serial_number}`, description: "Its news won't reach you any more." },
  );
  return redirect(back, { headers: { "Set-Cookie": flash } });
}

/** A request lost on the way keeps the page as it was (see ~/lib/transport). */
export const clientAction = keepPageOnTransportFailure;
export const shouldRevalidate = keepDataAfterTransportFailure;

export default function WatchAfterSignIn() {
  const { serialNumber } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    formRef.current?.requestSubmit();
  }, []);
  const busy = navigation.state !== "idle";
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-3xl border border-orange-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-extrabold tracking-tight">Watch Jimmy #{serialNumber}?</h1>
        <p className="mt-2 text-stone-700">
          You&apos;ll hear when it is found again, gets a comment, reaches a milestone or is reported missing.
        </p>
        {/* A whole-page post, with JavaScript or without: it ends on the Jimmy's page with a toast. */}
        <Form ref={formRef} method="post" action={`${jimmyPath(serialNumber)}/watch`} reloadDocument className="mt-5 flex gap-3">
          <input type="hidden" name="intent" value="watch" />
          <button type="submit" disabled={busy} className={buttonClass("primary", "form", "flex-1")}>
            {busy ? "Watching…" : "Watch"}
          </button>
          <Link to={jimmyPath(serialNumber)} className={`${secondaryLinkClass} flex-1 justify-center`}>
            Not now
          </Link>
        </Form>
      </div>
    </section>
  );
}
