import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { ConfirmOrCancel } from "~/components/ui/FormParts";
import { z } from "zod";
import { MultipartRefusal, readOneFile } from "~/web/multipart.server";
import { discoveryDateTime, requestPreferences } from "~/web/reader-terms.server";
import { requestLanguage } from "~/web/language.server";
import { FILE_TOO_LARGE_TEXT, MAX_UPLOAD_BYTES } from "~/lib/uploads";
import { findDiscoveryForAdmin } from "~/models/discoveries.server";
import { ADMIN_HEADERS, requireAdminPageDiscovery } from "~/web/admin.server";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { UnsupportedPhotoError } from "~/services/images.server";
import { moderateReplaceImage } from "~/services/moderation.server";
import { requireAdmin } from "~/web/session.server";
import { checkFields } from "~/web/form-action.server";
import { getStorage, photoUrls } from "~/infra/storage.server";
import { MAX_ROW_ID } from "~/lib/ids";
import { useActionAnswer } from "~/lib/action-answer";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = () => [{ title: "Replace image · Admin" }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = () => ADMIN_HEADERS;

const IdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

const ImageSchema = z.object({
  image: z.instanceof(File, { message: "Choose an image to upload." }).refine((file) => file.size > 0, "Choose an image to upload."),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const discovery = await requireAdminPageDiscovery(request, getDb(), params.id, "Failed to upload image");
  return { discovery, when: discoveryDateTime(discovery, requestPreferences(request).timeZone, requestLanguage(request)) };
}

type ReplaceResult = { fieldErrors: { image?: string[] } };

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  await requireAdmin(request, { db });
  const id = checkFields(IdSchema, params.id);
  if (!id.ok || !(await findDiscoveryForAdmin(db, photoUrls(), id.data))) {
    return redirectWithToast("/admin", {
      title: "Failed to upload image",
      description: "That discovery no longer exists.",
      variant: "destructive",
    });
  }
  const invalid = (message: string) => data<ReplaceResult>({ fieldErrors: { image: [message] } }, { status: 400 });
  // Multipart overhead is small; anything far past the photo limit is refused before it is read.
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024) return invalid(FILE_TOO_LARGE_TEXT);

  let image: File | null;
  try {
    image = await readOneFile(request, "image", MAX_UPLOAD_BYTES);
  } catch (error) {
    if (!(error instanceof MultipartRefusal)) throw error;
    return invalid(error.reason === "file-too-large" || error.reason === "body-too-large" ? FILE_TOO_LARGE_TEXT : error.message);
  }
  const parsed = checkFields(ImageSchema, { image });
  if (!parsed.ok) return invalid(parsed.fieldErrors.image?.[0] ?? "Choose an image to upload.");

  let replaced: boolean;
  try {
    replaced = await moderateReplaceImage(db, getStorage(), {
      id: id.data,
      bytes: Buffer.from(await parsed.data.image.arrayBuffer()),
      clientAddress: clientAddress(request, context),
    });
  } catch (error) {
    if (error instanceof UnsupportedPhotoError) return invalid(error.message);
    console.error("Storing a replacement image failed", error);
    return invalid("The image could not be stored. Please try again.");
  }
  if (!replaced) {
    return redirectWithToast("/admin", {
      title: "Failed to upload image",
      description: "That discovery no longer exists.",
      variant: "destructive",
    });
  }
  return redirectWithToast("/admin", { title: "Image updated", description: "The discovery now shows the new image.", variant: "success" });
}

export default function ReplaceImage() {
  const { discovery, when } = useLoaderData<typeof loader>();
  const result = useActionAnswer<typeof action>() as ReplaceResult | undefined;
  const navigation = useNavigation();
  const error = result?.fieldErrors.image?.[0];
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-3xl border border-orange-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-extrabold tracking-tight">Replace image</h1>
        <p className="mt-1 text-stone-700">
          Jimmy #{discovery.serialNumber} by {discovery.hunterName}, {when}
        </p>
        <img
          src={discovery.photo.src}
          alt={`Current image of the discovery of Jimmy #${discovery.serialNumber}`}
          width={discovery.photo.width}
          height={discovery.photo.height}
          className="mt-4 max-h-64 w-full rounded-xl bg-stone-200 object-cover"
        />
        {error ? (
          <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-semibold">Failed to upload image</p>
            <p id="image-error">{error}</p>
          </div>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="mt-4">
          <label htmlFor="replacement-image" className="text-sm font-medium text-stone-800">
            New image (JPEG, PNG or WebP, up to 10MB)
          </label>
          <input
            id="replacement-image"
            name="image"
            type="file"
            accept="image/*"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "image-error" : undefined}
            className="mt-1 block w-full text-sm"
          />
          <div className="mt-5 flex gap-3">
            <ConfirmOrCancel tone="primary" back="/admin">
              {navigation.state === "submitting" ? "Uploading…" : "Upload image"}
            </ConfirmOrCancel>
          </div>
        </Form>
      </div>
    </section>
  );
}
