import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { metaT, useT } from "~/components/i18n";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { shownCaption } from "~/lib/discoveries";
import { fullName } from "~/lib/format";
import { MAX_ROW_ID } from "~/lib/ids";
import { safeRedirect } from "~/lib/redirect";
import { findCard } from "~/models/cards.server";
import { getDb } from "~/infra/db.server";
import { photoUrls } from "~/infra/storage.server";
import { buttonClass, secondaryLinkClass } from "~/components/ui/Button";
import { redirectWithToast } from "~/web/flash.server";
import { requireUser } from "~/web/session.server";
import { forgetIntentHeader, intentOf } from "~/web/sign-in-intent.server";
import { checkFields } from "~/web/form-action.server";
import { requestT } from "~/web/language.server";

const DiscoveryIdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);
export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("Like this discovery?") }, { name: "robots", content: "noindex" }];
};

/**
 * Where a like asked for while signed out continues after sign-in: the
 * discovery, and a form that likes it (a POST, like the card's button). With
 * JavaScript the form is sent at once when this browser asked for this like
 * just now (the intent cookie, see ~/web/sign-in-intent.server); otherwise,
 * or from any other link, the hunter clicks Like. Already liked: straight
 * back to the card.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const back = safeRedirect(url.searchParams.get("redirectTo"), "/");
  const id = checkFields(DiscoveryIdSchema, params.id);
  if (!id.ok) return redirect(back);
  const user = await requireUser(request);
  const card = await findCard(getDb(), photoUrls(), id.data, user.id, requestT(request));
  if (!card) {
    const t = requestT(request);
    return redirectWithToast(back, { title: t("Error"), description: t("This discovery no longer exists."), variant: "destructive" });
  }
  const intent = await intentOf(request);
  const asked = intent?.kind === "like" && intent.discoveryId === id.data;
  const headers = asked ? { "Set-Cookie": await forgetIntentHeader() } : undefined;
  if (card.isLikedByUser) return redirect(back, { headers });
  return data(
    {
      back,
      autoSubmit: asked,
      discovery: {
        id: card.id,
        photo: card.photo,
        serialNumber: card.jimmy.serialNumber,
        finder: fullName(card.user.firstName, card.user.lastName),
        place: card.place,
        caption: card.caption,
      },
    },
    { headers },
  );
}

export default function LikeAfterSignIn() {
  const t = useT();
  const { back, autoSubmit, discovery } = useLoaderData<typeof loader>();
  const serial = String(discovery.serialNumber);
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (!autoSubmit || sent.current) return;
    sent.current = true;
    formRef.current?.requestSubmit();
  }, [autoSubmit]);
  const busy = navigation.state !== "idle";
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-3xl border border-orange-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-extrabold tracking-tight">{t("Like this discovery?")}</h1>
        <img
          src={discovery.photo.src}
          srcSet={discovery.photo.srcSet}
          sizes="(min-width: 28rem) 24rem, 90vw"
          width={discovery.photo.width}
          height={discovery.photo.height}
          alt={t("Discovery of Jimmy #{serial}", { serial })}
          className="mt-4 max-h-72 w-full rounded-xl bg-stone-100 object-contain"
        />
        <p className="mt-3 font-semibold text-stone-800">{t("Jimmy #{serial}, found by {name}", { serial, name: discovery.finder })}</p>
        {discovery.place ? <p className="text-sm text-stone-600">{discovery.place}</p> : null}
        <p className="mt-1 text-stone-700">{shownCaption(discovery.caption, t)}</p>
        {/* Sent to the like's own action, as a whole-page post: with JavaScript or without, it ends back on the card. */}
        <Form ref={formRef} method="post" action={`/discoveries/${discovery.id}/like`} reloadDocument className="mt-5 flex gap-3">
          <input type="hidden" name="intent" value="like" />
          <input type="hidden" name="redirectTo" value={back} />
          <button type="submit" disabled={busy} className={buttonClass("primary", "form", "flex-1")}>
            {busy ? t("Liking…") : t("Like")}
          </button>
          <Link to={back} className={`${secondaryLinkClass} flex-1 justify-center`}>
            {t("Not now")}
          </Link>
        </Form>
      </div>
    </section>
  );
}
