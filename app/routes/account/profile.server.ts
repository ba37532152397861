import { DisplayNameSchema, NAME_PART_MAX_LENGTH, PhotoChoiceSchema } from "~/lib/account-schema";
import { fullName } from "~/lib/format";
import { FILE_TOO_LARGE_TEXT, MAX_UPLOAD_BYTES } from "~/lib/uploads";
import type { DB } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { getStorage } from "~/infra/storage.server";
import { UnsupportedPhotoError } from "~/services/images.server";
import { changeDisplayName, chooseProfilePhoto } from "~/services/profile.server";
import { checkFields, parseForm } from "~/web/form-action.server";
import { MultipartRefusal, readMultipart } from "~/web/multipart.server";
import { requestT } from "~/web/language.server";
import { done, refuse, wordErrors, type IntentContext } from "./answer.server";

/** The name form: the name other hunters see, kept when signing in again. */
export async function nameAction({ request, form, db, user }: IntentContext) {
  const t = requestT(request);
  const values = { firstName: String(form.get("firstName") ?? ""), lastName: String(form.get("lastName") ?? "") };
  const parsed = parseForm(form, DisplayNameSchema, values);
  if (!parsed.ok) return refuse("name", values, { fieldErrors: wordErrors(t, parsed.fieldErrors, { max: NAME_PART_MAX_LENGTH }) });
  const refused = await changeDisplayName(db, user.id, parsed.data, env().hunt.name);
  if (refused) return refuse("name", values, { fieldErrors: { firstName: [t(refused)] } });
  return done(t("Name saved"), t("Other hunters now see you as {name}.", { name: fullName(parsed.data.firstName, parsed.data.lastName) }));
}

/**
 * The profile-photo form: multipart, so a picture can come with it. Keeps
 * the sign-in provider's photo, takes one's own (verified and re-encoded) or
 * shows none; a refusal comes back with the reason and the choice made.
 */
export async function photoAction(request: Request, db: DB, userId: number) {
  const t = requestT(request);
  let fields: Record<string, string> = {};
  let upload: Buffer | null = null;
  const refusePhoto = (message: string, status: number) =>
    refuse("photo", { choice: fields.choice ?? "upload" }, { fieldErrors: { photo: [message] } }, { status });
  try {
    fields = await readMultipart(
      request,
      { fields: 4, fieldBytes: 256, totalFieldBytes: 1024, files: 1, bodyBytes: MAX_UPLOAD_BYTES + 64 * 1024 },
      async ({ name, data: stream }) => {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > MAX_UPLOAD_BYTES) throw new MultipartRefusal("file-too-large", FILE_TOO_LARGE_TEXT);
          if (name === "photo") chunks.push(chunk);
        }
        if (name === "photo" && size > 0) upload = Buffer.concat(chunks);
      },
    );
  } catch (error) {
    if (!(error instanceof MultipartRefusal)) throw error;
    return refusePhoto(
      error.reason === "file-too-large" || error.reason === "body-too-large" ? t(FILE_TOO_LARGE_TEXT) : t(error.message),
      error.status,
    );
  }
  const parsed = checkFields(PhotoChoiceSchema, fields.choice);
  if (!parsed.ok) return refusePhoto(parsed.message ? t(parsed.message) : t("Choose a photo."), 400);
  const choice = parsed.data;
  const bytes: Buffer | null = upload;
  if (choice === "upload" && !bytes) return refusePhoto(t("Choose a picture to upload: a JPEG, PNG or WebP photo."), 400);
  try {
    await chooseProfilePhoto(
      db,
      getStorage(),
      userId,
      choice === "upload" && bytes ? { kind: "upload", bytes } : { kind: choice === "none" ? "none" : "provider" },
    );
  } catch (error) {
    // Its message is the images module's, worded here when the catalogue holds it.
    if (error instanceof UnsupportedPhotoError) return refusePhoto(t(error.message), 415);
    throw error;
  }
  const said = {
    provider: t("Your sign-in provider's photo is shown again."),
    upload: t("Your new photo is shown with your name."),
    none: t("Your initials are shown instead of a photo."),
  };
  return done(t("Photo saved"), said[choice]);
}
