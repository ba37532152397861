import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentError, ContentPage, DeleteOrKeep, OwnDiscoveryPhoto } from "~/components/OwnContent";
import { metaT, useT } from "~/components/i18n";
import { afterDeleteReturn, ownContentReturn, RETURN_FIELD, returnLabel } from "~/lib/own-content-return";
import { IDEMPOTENCY_KEY_FIELD, IDEMPOTENCY_KEY_INVALID_TEXT, parseIdempotencyKey } from "~/lib/idempotency";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { readForm } from "~/web/form.server";
import { moderateDeleteDiscovery, STORAGE_DOWN_DELETE_TEXT } from "~/services/moderation.server";
import { requireOwnDiscovery } from "~/web/own-content.server";
import { discoveryDateTime, requestPreferences } from "~/web/reader-terms.server";
import { getStorage, StorageUnavailableError } from "~/infra/storage.server";
import { requestLanguage, requestT } from "~/web/language.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("Delete your discovery") }, { name: "robots", content: "noindex" }];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const d = await requireOwnDiscovery(request, db, params.id);
  return {
    back: ownContentReturn(new URL(request.url).searchParams.get(RETURN_FIELD), d),
    when: discoveryDateTime(d, requestPreferences(request).timeZone, requestLanguage(request)),
    discovery: { id: d.id, serialNumber: d.serialNumber, caption: d.caption, createdAt: d.createdAt, isFirst: d.isFirst, photo: d.photo },
    idempotencyKey: crypto.randomUUID(),
  };
}

/**
 * Deletes a hunter's own discovery through the admin's path (photos removed,
 * the Jimmy's figures and the Hall of Fame recomputed, the audit log
 * written). Someone else's: 403, nothing changed.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const t = requestT(request);
  const db = getDb();
  const discovery = await requireOwnDiscovery(request, db, params.id);
  const form = await readForm(request);
  const back = ownContentReturn(form.get(RETURN_FIELD), discovery);
  const failed = async (description: string) =>
    redirectWithToast(back, { title: t("Failed to delete discovery"), description, variant: "destructive" });
  if (parseIdempotencyKey(form.get(IDEMPOTENCY_KEY_FIELD)) === "invalid") return failed(t(IDEMPOTENCY_KEY_INVALID_TEXT));
  let deleted;
  try {
    deleted = await moderateDeleteDiscovery(db, getStorage(), {
      id: discovery.id,
      clientAddress: clientAddress(request, context),
      byHunter: discovery.userId,
    });
  } catch (error) {
    if (error instanceof StorageUnavailableError) return failed(t(STORAGE_DOWN_DELETE_TEXT));
    throw error;
  }
  const flash = deleted
    ? {
        title: t("Discovery deleted"),
        description: t("Your discovery of Jimmy #{serial} and its photo were removed.", { serial: String(deleted.serialNumber) }),
        variant: "success" as const,
      }
    : { title: t("Already deleted"), description: t("That discovery was already removed.") };
  return redirectWithToast(afterDeleteReturn(back, discovery), flash);
}

export default function DeleteOwnDiscovery() {
  const t = useT();
  const { back, when, discovery, idempotencyKey } = useLoaderData<typeof loader>();
  const serial = String(discovery.serialNumber);
  return (
    <ContentPage back={back} backLabel={returnLabel(back, discovery, t)} title={t("Delete your discovery?")}>
      <OwnDiscoveryPhoto discovery={discovery} />
      <p className="mt-3 text-stone-700">{t("Jimmy #{serial}, {when}: {caption}", { serial, when, caption: discovery.caption })}</p>
      <ul className="mt-4 list-disc space-y-1 ps-5 text-stone-700">
        <li>{t("Your photo is removed from the hunt for good, with its likes.")}</li>
        <li>{t("Jimmy #{serial}'s journey, figures and the Hall of Fame are worked out again without it.", { serial })}</li>
        {discovery.isFirst ? <li>{t("It was the first discovery: the next earliest one becomes the first.")}</li> : null}
      </ul>
      <p className="mt-4 font-semibold text-red-800">{t("This cannot be undone.")}</p>
      <DeleteOrKeep label={t("Delete discovery")} back={back} idempotencyKey={idempotencyKey}>
        <input type="hidden" name={RETURN_FIELD} value={back} />
      </DeleteOrKeep>
    </ContentPage>
  );
}

export const ErrorBoundary = ContentError;
