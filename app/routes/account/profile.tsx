import { Form } from "@remix-run/react";
import { Avatar } from "~/components/Avatar";
import { useT } from "~/components/i18n";
import { Field } from "~/components/forms";
import { Button } from "~/components/ui/Button";
import { IntentForm, Section, useSection } from "./Section";

/** The name other hunters see, with the schema's hints for each field. */
export function NameSection() {
  const { profile, nameHints: hints, answer, busy } = useSection("name");
  const t = useT();
  return (
    <Section id="name" title={t("Your name")}>
      <p className="mt-1 text-sm text-stone-700">
        {t("Shown with your discoveries, comments and on the Hall of Fame. Once you set it here, signing in again keeps it.")}
      </p>
      <IntentForm intent="name" className="mt-4 space-y-3" noValidate>
        <Field
          id="firstName"
          name="firstName"
          autoComplete="given-name"
          label={t("First name")}
          hints={hints.firstName}
          defaultValue={answer?.values.firstName ?? profile.firstName}
          error={answer?.fieldErrors.firstName?.[0]}
        />
        <Field
          id="lastName"
          name="lastName"
          autoComplete="family-name"
          label={t("Last name (optional)")}
          hints={hints.lastName}
          defaultValue={answer?.values.lastName ?? profile.lastName}
          error={answer?.fieldErrors.lastName?.[0]}
        />
        <Button disabled={busy}>{t("Save name")}</Button>
      </IntentForm>
    </Section>
  );
}

/** The photo beside the name: the sign-in provider's, one of the hunter's own (multipart, so no intent), or none. */
export function PhotoSection() {
  const { profile, answer, busy } = useSection("photo");
  const photoChoice = answer?.values.choice ?? profile.photoChoice;
  const t = useT();
  return (
    <Section id="photo" title={t("Your photo")}>
      <div className="mt-3 flex items-center gap-3">
        <Avatar firstName={profile.firstName} lastName={profile.lastName} imageUrl={profile.imageUrl} size="lg" />
        <p className="text-sm text-stone-700">
          {t("Shown beside your name. A photo you upload is cropped square and stored without its location or camera data.")}
        </p>
      </div>
      <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3" noValidate>
        <fieldset aria-describedby={answer?.fieldErrors.photo ? "photo-error" : undefined}>
          <legend className="sr-only">{t("Which photo")}</legend>
          <div className="space-y-2">
            {(
              [
                [
                  "provider",
                  profile.providerImageUrl ? t("Your sign-in provider's photo") : t("Your sign-in provider's photo (it sent none)"),
                ],
                ["upload", t("A photo of your own")],
                ["none", t("No photo: show my initials")],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-3 rounded-xl border border-stone-200 px-3 py-2">
                <input
                  type="radio"
                  name="choice"
                  value={value}
                  defaultChecked={photoChoice === value}
                  className="h-4 w-4 accent-orange-700"
                />
                <span>{label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <label htmlFor="photo" className="block text-sm font-semibold text-stone-800">
          {t("Photo to upload (JPEG, PNG or WebP, up to 10 MB)")}
        </label>
        <input
          id="photo"
          name="photo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={answer?.fieldErrors.photo ? true : undefined}
          className="block w-full text-sm file:me-3 file:min-h-11 file:rounded-full file:border-0 file:bg-orange-100 file:px-4 file:font-semibold file:text-orange-900"
        />
        {answer?.fieldErrors.photo ? (
          <p id="photo-error" role="alert" className="text-sm text-red-700">
            {answer.fieldErrors.photo[0]}
          </p>
        ) : null}
        <Button disabled={busy}>{t("Save photo")}</Button>
      </Form>
    </Section>
  );
}
