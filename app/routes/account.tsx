import crypto from "node:crypto";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { Link } from "~/components/Link";
import { Avatar } from "~/components/Avatar";
import { Field } from "~/components/forms";
import { UnitsSwitch } from "~/components/UnitsSwitch";
import { Button, buttonClass } from "~/components/ui/Button";
import { DisplayNameSchema, EmailChoicesSchema, NewEmailSchema, PhotoChoiceSchema } from "~/lib/account-schema";
import { FILE_TOO_LARGE_TEXT, MAX_UPLOAD_BYTES } from "~/lib/uploads";
import { EMAIL_FREQUENCY_LABELS } from "~/lib/email";
import { formHints } from "~/lib/form-hints";
import { fullName, plural, relativeAge } from "~/lib/format";
import { describeBrowser } from "~/lib/user-agent";
import { requestPreferences } from "~/lib/reader-preferences";
import { localDateTime, readerZone } from "~/lib/local-time";
import { parseSerial } from "~/lib/serial";
import { useActionAnswer } from "~/lib/action-answer";
import { keepPageOnTransportFailure } from "~/browser/client-action";
import { keepDataAfterTransportFailure } from "~/lib/transport";
import type { EmailFrequency } from "#db/schema";
import { emailSettingsOf, saveEmailChoices } from "~/models/email.server";
import { listDataExports } from "~/models/data-exports.server";
import { profileOf } from "~/models/users.server";
import { deleteOtherUserSessions, deleteUserSession, listUserSessions } from "~/models/sessions.server";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { setWatching, watchedJimmysOf } from "~/models/watches.server";
import { type DB, getDb } from "~/infra/db.server";
import { getStorage } from "~/infra/storage.server";
import { env } from "~/infra/env.server";
import { requestAddressConfirmation } from "~/services/email-change.server";
import { rateLimitedText } from "~/services/rate-limit.server";
import { DataExportTooSoonError, requestDataExport } from "~/services/data-export.server";
import { UnsupportedPhotoError } from "~/services/images.server";
import { changeDisplayName, chooseProfilePhoto } from "~/services/profile.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { redirectWithToast } from "~/web/flash.server";
import { checkFields, parseForm } from "~/web/form-action.server";
import { retryAfterHeaders } from "~/web/rate-limit.server";
import { readForm } from "~/web/form.server";
import { formatBytes, MultipartRefusal, readMultipart } from "~/web/multipart.server";
import { readerDate } from "~/web/reader-terms.server";
import { currentSessionHash, requireUser } from "~/web/session.server";

export const meta: MetaFunction = () => [{ title: "Your account" }, { name: "robots", content: "noindex" }];

/** A refusal's Retry-After reaches the page that says so. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

const NO_MAIL_SERVER = "This hunt has no mail server set up, so it sends no email: your news stays in the app, under the bell.";

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireUser(request, { db });
  const now = new Date().toISOString();
  const [profile, settings, watched, sessions, current, exports] = await Promise.all([
    profileOf(db, user.id),
    emailSettingsOf(db, user.id),
    watchedJimmysOf(db, user.id),
    listUserSessions(db, user.id, now),
    currentSessionHash(request),
    listDataExports(db, user.id),
  ]);
  const readerDay = (at: string) => readerDate(at, requestPreferences(request));
  return {
    now,
    exports: exports.map((e) => ({
      id: e.id,
      status: e.status,
      requestedOn: readerDay(e.createdAt),
      until: e.expiresAt ? readerDay(e.expiresAt) : null,
      size: formatBytes(e.size ?? 0),
    })),
    devices: sessions.map((session) => ({
      id: deviceId(session.idHash),
      browser: describeBrowser(session.userAgent),
      signedInOn: readerDate(session.createdAt, requestPreferences(request)),
      lastUsed: session.lastSeenAt,
      thisDevice: session.idHash === current,
    })),
    user: { id: user.id, name: fullName(user.firstName, user.lastName) },
    profile: {
      firstName: profile.first_name,
      lastName: profile.last_name,
      imageUrl: profile.profile_image_url,
      providerImageUrl: profile.provider_image_url,
      photoChoice: profile.photo_choice,
    },
    nameHints: formHints(DisplayNameSchema),
    settings,
    watched,
    mailConfigured: env().mail !== null,
    emailHints: formHints(NewEmailSchema),
    units: requestPreferences(request).units,
  };
}

/** A session's name on this page: not its database key, which stays on the server. */
function deviceId(idHash: string): string {
  return crypto.createHash("sha256").update(`device:${idHash}`).digest("base64url").slice(0, 22);
}

type AccountAnswer = {
  form: "choices" | "email" | "name" | "photo" | "export";
  formError?: string;
  fieldErrors: Partial<Record<"frequency" | "email" | "firstName" | "lastName" | "photo", string[]>>;
  values: { frequency?: string; watchFinds?: boolean; email?: string; firstName?: string; lastName?: string; choice?: string };
};

/**
 * The profile-photo form: multipart, so a picture can come with it. Keeps
 * the sign-in provider's photo, takes one's own (verified and re-encoded) or
 * shows none; a refusal comes back with the reason and the choice made.
 */
async function photoAction(request: Request, db: DB, userId: number) {
  let fields: Record<string, string> = {};
  let upload: Buffer | null = null;
  const refuse = (message: string, status: number) =>
    data<AccountAnswer>({ form: "photo", values: { choice: fields.choice ?? "upload" }, fieldErrors: { photo: [message] } }, { status });
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
    return refuse(
      error.reason === "file-too-large" || error.reason === "body-too-large" ? FILE_TOO_LARGE_TEXT : error.message,
      error.status,
    );
  }
  const parsed = checkFields(PhotoChoiceSchema, fields.choice);
  if (!parsed.ok) return refuse(parsed.message ?? "Choose a photo.", 400);
  const choice = parsed.data;
  const bytes: Buffer | null = upload;
  if (choice === "upload" && !bytes) return refuse("Choose a picture to upload: a JPEG, PNG or WebP photo.", 400);
  try {
    await chooseProfilePhoto(
      db,
      getStorage(),
      userId,
      choice === "upload" && bytes ? { kind: "upload", bytes } : { kind: choice === "none" ? "none" : "provider" },
    );
  } catch (error) {
    if (error instanceof UnsupportedPhotoError) return refuse(error.message, 415);
    throw error;
  }
  const said = {
    provider: "Your sign-in provider's photo is shown again.",
    upload: "Your new photo is shown with your name.",
    none: "Your initials are shown instead of a photo.",
  };
  return redirectWithToast("/account", { title: "Photo saved", description: said[choice], variant: "success" });
}

/** The account page's forms, told apart by `intent`: email choices, a new address, or stopping to watch one Jimmy. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  const user = await requireUser(request, { db });
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) return photoAction(request, db, user.id);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const done = (title: string, description: string) => redirectWithToast("/account", { title, description, variant: "success" });

  if (intent === "choices") {
    const values = { frequency: String(form.get("frequency") ?? ""), watchFinds: form.get("watchFinds") === "on" };
    const reject = (rest: Omit<AccountAnswer, "form" | "values">) =>
      data<AccountAnswer>({ form: "choices", values, ...rest }, { status: 400 });
    const parsed = parseForm(form, EmailChoicesSchema, values);
    if (!parsed.ok) return reject({ fieldErrors: parsed.fieldErrors });
    if (parsed.data.frequency !== "off") {
      if (!env().mail) return reject({ fieldErrors: { frequency: [NO_MAIL_SERVER] } });
      const { email } = await emailSettingsOf(db, user.id);
      if (!email)
        return reject({ fieldErrors: { frequency: ["Add an email address below first: there is nowhere to send your news yet."] } });
    }
    await saveEmailChoices(db, user.id, parsed.data);
    return done(
      "Saved",
      parsed.data.frequency === "off" ? "No email: your news stays in the app." : "Your news will come by email as you chose.",
    );
  }

  if (intent === "email") {
    const values = { email: String(form.get("email") ?? "") };
    const reject = (rest: Omit<AccountAnswer, "form" | "values">) =>
      data<AccountAnswer>({ form: "email", values, ...rest }, { status: 400 });
    const parsed = parseForm(form, NewEmailSchema, values);
    if (!parsed.ok) return reject({ fieldErrors: parsed.fieldErrors });
    if (!env().mail) return reject({ fieldErrors: { email: [NO_MAIL_SERVER] } });
    const outcome = await requestAddressConfirmation(db, { userId: user.id, newEmail: parsed.data.email });
    if (!outcome.queued)
      return data<AccountAnswer>(
        { form: "email", values, fieldErrors: { email: [rateLimitedText(outcome.refusedBy, outcome.limit)] } },
        { status: 429, headers: retryAfterHeaders(outcome.limit) },
      );
    return done("Check your email", `We sent a link to ${parsed.data.email}. Open it within a day to make it your address.`);
  }

  if (intent === "name") {
    const values = { firstName: String(form.get("firstName") ?? ""), lastName: String(form.get("lastName") ?? "") };
    const reject = (rest: Omit<AccountAnswer, "form" | "values">) =>
      data<AccountAnswer>({ form: "name", values, ...rest }, { status: 400 });
    const parsed = parseForm(form, DisplayNameSchema, values);
    if (!parsed.ok) return reject({ fieldErrors: parsed.fieldErrors });
    const refused = await changeDisplayName(db, user.id, parsed.data, env().hunt.name);
    if (refused) return reject({ fieldErrors: { firstName: [refused] } });
    return done("Name saved", `Other hunters now see you as ${fullName(parsed.data.firstName, parsed.data.lastName)}.`);
  }

  if (intent === "export") {
    let created: boolean;
    try {
      ({ created } = await requestDataExport(db, { userId: user.id, requestedBy: "hunter" }));
    } catch (error) {
      if (!(error instanceof DataExportTooSoonError)) throw error;
      const when = localDateTime(error.retryAt, readerZone(requestPreferences(request).timeZone).timeZone);
      const retryAfter = Math.max(1, Math.ceil((Date.parse(error.retryAt) - Date.now()) / 1000));
      return data<AccountAnswer>(
        {
          form: "export",
          formError: `You can ask for your data once a day, and you asked less than a day ago. You can ask again after ${when}.`,
          fieldErrors: {},
          values: {},
        },
        { status: 429, headers: { "Retry-After": String(retryAfter) } },
      );
    }
    return done(
      created ? "Preparing your data" : "Already preparing your data",
      "Your archive appears under \u201cYour data\u201d in a minute or two; reload the page to see it. It can be downloaded for 7 days.",
    );
  }

  if (intent === "sign-out-device") {
    const id = String(form.get("device") ?? "");
    const session = (await listUserSessions(db, user.id, new Date().toISOString())).find((s) => deviceId(s.idHash) === id);
    // Already gone (signed out there, or expired): the hunter wanted it gone, and it is.
    if (session) await deleteUserSession(db, user.id, session.idHash);
    return done("Signed out", `${describeBrowser(session?.userAgent ?? null)} is no longer signed in to your account.`);
  }

  if (intent === "sign-out-others") {
    const current = await currentSessionHash(request);
    const ended = current ? await deleteOtherUserSessions(db, user.id, current) : 0;
    return done(
      "Signed out everywhere else",
      ended === 0
        ? "You were signed in on this device only."
        : `${plural(ended, "other device is", "other devices are")} no longer signed in.`,
    );
  }

  if (intent === "unwatch") {
    const serial = parseSerial(String(form.get("serial") ?? ""));
    const jimmy = serial === null ? undefined : await findJimmyBySerial(db, serial);
    if (!jimmy) throw new Response("There is no such Jimmy to stop watching.", { status: 404 });
    await setWatching(db, { userId: user.id, jimmyId: jimmy.id, watching: false });
    return done(`You stopped watching Jimmy #${jimmy.serial_number}`, "Its news won't reach you any more.");
  }

  throw new Response("That form isn't one this page knows. Reload the page and try again.", { status: 400 });
}

const sectionClass = "mt-6 rounded-3xl border border-orange-100 bg-white p-5 shadow-sm sm:p-6";

export default function AccountPage() {
  const { user, profile, nameHints, settings, watched, mailConfigured, emailHints, units, devices, now, exports } =
    useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>() as AccountAnswer | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const choices = answer?.form === "choices" ? answer : undefined;
  const emailAnswer = answer?.form === "email" ? answer : undefined;
  const nameAnswer = answer?.form === "name" ? answer : undefined;
  const photoAnswer = answer?.form === "photo" ? answer : undefined;
  const exportAnswer = answer?.form === "export" ? answer : undefined;
  useShowArchiveWhenReady(exports.some((archive) => archive.status === "pending"));
  const photoChoice = photoAnswer?.values.choice ?? profile.photoChoice;
  const frequency = (choices?.values.frequency ?? settings.frequency) as EmailFrequency;
  const watchFinds = choices ? Boolean(choices.values.watchFinds) : settings.watchFinds;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Your account</h1>
      <p className="mt-2 text-stone-700">
        Signed in as <span className="font-semibold">{user.name}</span>.{" "}
        <Link to={`/hunters/${user.id}`} className="font-semibold text-orange-800 underline">
          Your public profile
        </Link>{" "}
        ·{" "}
        <Link to="/notifications" className="font-semibold text-orange-800 underline">
          Your notifications
        </Link>
      </p>

      <section aria-labelledby="name-heading" className={sectionClass}>
        <h2 id="name-heading" className="text-xl font-bold">
          Your name
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Shown with your discoveries, comments and on the Hall of Fame. Once you set it here, signing in again keeps it.
        </p>
        <Form method="post" className="mt-4 space-y-3" noValidate>
          <input type="hidden" name="intent" value="name" />
          <Field
            id="firstName"
            name="firstName"
            autoComplete="given-name"
            label="First name"
            hints={nameHints.firstName}
            defaultValue={nameAnswer?.values.firstName ?? profile.firstName}
            error={nameAnswer?.fieldErrors.firstName?.[0]}
          />
          <Field
            id="lastName"
            name="lastName"
            autoComplete="family-name"
            label="Last name (optional)"
            hints={nameHints.lastName}
            defaultValue={nameAnswer?.values.lastName ?? profile.lastName}
            error={nameAnswer?.fieldErrors.lastName?.[0]}
          />
          <Button disabled={busy}>Save name</Button>
        </Form>
      </section>

      <section aria-labelledby="photo-heading" className={sectionClass}>
        <h2 id="photo-heading" className="text-xl font-bold">
          Your photo
        </h2>
        <div className="mt-3 flex items-center gap-3">
          <Avatar firstName={profile.firstName} lastName={profile.lastName} imageUrl={profile.imageUrl} size="lg" />
          <p className="text-sm text-stone-700">
            Shown beside your name. A photo you upload is cropped square and stored without its location or camera data.
          </p>
        </div>
        <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3" noValidate>
          <fieldset aria-describedby={photoAnswer?.fieldErrors.photo ? "photo-error" : undefined}>
            <legend className="sr-only">Which photo</legend>
            <div className="space-y-2">
              {(
                [
                  ["provider", profile.providerImageUrl ? "Your sign-in provider's photo" : "Your sign-in provider's photo (it sent none)"],
                  ["upload", "A photo of your own"],
                  ["none", "No photo: show my initials"],
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
            Photo to upload (JPEG, PNG or WebP, up to 10 MB)
          </label>
          <input
            id="photo"
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-invalid={photoAnswer?.fieldErrors.photo ? true : undefined}
            className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-orange-100 file:px-4 file:font-semibold file:text-orange-900"
          />
          {photoAnswer?.fieldErrors.photo ? (
            <p id="photo-error" role="alert" className="text-sm text-red-700">
              {photoAnswer.fieldErrors.photo[0]}
            </p>
          ) : null}
          <Button disabled={busy}>Save photo</Button>
        </Form>
      </section>

      <section aria-labelledby="news-heading" className={sectionClass}>
        <h2 id="news-heading" className="text-xl font-bold">
          News of the Jimmys you watch
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          When a Jimmy you watch is found again, gets a comment, reaches a milestone or is reported missing, you hear of it under the bell
          {mailConfigured ? ", and by email if you choose" : ""}.
        </p>
        {mailConfigured ? null : (
          <p className="mt-3 rounded-xl bg-stone-100 p-3 text-sm text-stone-800" data-testid="no-mail-server">
            {NO_MAIL_SERVER}
          </p>
        )}
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="intent" value="choices" />
          <fieldset aria-describedby={choices?.fieldErrors.frequency ? "frequency-error" : undefined}>
            <legend className="text-sm font-semibold text-stone-800">By email</legend>
            <div className="mt-2 space-y-2">
              {(Object.keys(EMAIL_FREQUENCY_LABELS) as EmailFrequency[]).map((option) => (
                <label key={option} className="flex min-h-11 items-center gap-3 rounded-xl border border-stone-200 px-3 py-2">
                  <input
                    type="radio"
                    name="frequency"
                    value={option}
                    defaultChecked={frequency === option}
                    disabled={!mailConfigured && option !== "off"}
                    className="h-4 w-4 accent-orange-700"
                  />
                  <span>{EMAIL_FREQUENCY_LABELS[option]}</span>
                </label>
              ))}
            </div>
            {choices?.fieldErrors.frequency ? (
              <p id="frequency-error" role="alert" className="mt-2 text-sm text-red-700">
                {choices.fieldErrors.frequency[0]}
              </p>
            ) : null}
          </fieldset>
          <label className="flex min-h-11 items-center gap-3">
            <input type="checkbox" name="watchFinds" defaultChecked={watchFinds} className="h-4 w-4 accent-orange-700" />
            <span>Watch the Jimmys I find</span>
          </label>
          <Button disabled={busy}>Save choices</Button>
        </Form>
      </section>

      <section aria-labelledby="email-heading" className={sectionClass}>
        <h2 id="email-heading" className="text-xl font-bold">
          Email address
        </h2>
        <p className="mt-1 text-sm text-stone-700" data-testid="current-email">
          {settings.email ? (
            <>
              Your news goes to <span className="font-semibold">{settings.email}</span>.
            </>
          ) : (
            "Your sign-in provider gave no address: add one to get news by email."
          )}
          {settings.pendingEmail ? ` Waiting for you to confirm ${settings.pendingEmail}: open the link we sent there.` : ""}
        </p>
        <Form method="post" className="mt-4 space-y-3" noValidate>
          <input type="hidden" name="intent" value="email" />
          <Field
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            label={settings.email ? "Change it to" : "Your address"}
            hint="We send a link there; it becomes your address when you open it."
            hints={emailHints.email}
            defaultValue={emailAnswer?.values.email ?? ""}
            error={emailAnswer?.fieldErrors.email?.[0]}
            disabled={!mailConfigured}
          />
          <Button disabled={busy || !mailConfigured}>Send the link</Button>
        </Form>
      </section>

      <section aria-labelledby="devices-heading" className={sectionClass}>
        <h2 id="devices-heading" className="text-xl font-bold">
          Where you&apos;re signed in
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Each browser you signed in with, the most recently used first. Sign out any you don&apos;t recognise or no longer use.
        </p>
        <ul className="mt-3 divide-y divide-stone-200" aria-label="Signed-in devices">
          {devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="device">
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">
                  {device.browser}
                  {device.thisDevice ? (
                    <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">This device</span>
                  ) : null}
                </p>
                <p className="text-sm text-stone-600">
                  Signed in {device.signedInOn} · last used{" "}
                  <time dateTime={device.lastUsed}>{relativeAge(device.lastUsed, now).toLowerCase()}</time>
                </p>
              </div>
              {device.thisDevice ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="sign-out-device" />
                  <input type="hidden" name="device" value={device.id} />
                  <Button
                    look="secondary"
                    disabled={busy}
                    aria-label={`Sign out ${device.browser}, last used ${relativeAge(device.lastUsed, now)}`}
                  >
                    Sign out
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {devices.length > 1 ? (
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="sign-out-others" />
            <Button look="secondary" disabled={busy}>
              Sign out everywhere else
            </Button>
          </Form>
        ) : null}
        <p className="mt-2 text-xs text-stone-500">
          Places are not shown: telling a town from a network address needs a database of addresses this hunt does not keep.
        </p>
      </section>

      <section aria-labelledby="units-heading" className={sectionClass}>
        <h2 id="units-heading" className="text-xl font-bold">
          Distances
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          The Hall of Fame, journeys, milestones and &ldquo;Near me&rdquo; use this unit. It is remembered by this browser.
        </p>
        <UnitsSwitch unit={units} back="/account" className="mt-3" />
      </section>

      <section aria-labelledby="watched-heading" className={sectionClass}>
        <h2 id="watched-heading" className="text-xl font-bold">
          Jimmys you watch
        </h2>
        {watched.length === 0 ? (
          <p className="mt-2 text-sm text-stone-700">None yet. Every Jimmy&apos;s page has a Watch button.</p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-100" data-testid="watched-jimmys">
            {watched.map((jimmy) => (
              <li key={jimmy.serialNumber} className="flex items-center justify-between gap-3 py-2">
                <Link to={`/jimmy/${jimmy.serialNumber}`} className="min-w-0 break-words font-semibold text-orange-800 underline">
                  Jimmy #{jimmy.serialNumber}
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value="unwatch" />
                  <input type="hidden" name="serial" value={jimmy.serialNumber} />
                  <Button
                    look="secondary"
                    className="shrink-0 whitespace-nowrap"
                    disabled={busy}
                    aria-label={`Stop watching Jimmy #${jimmy.serialNumber}`}
                  >
                    Stop watching
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="data-heading" className={sectionClass}>
        <h2 id="data-heading" className="scroll-mt-24 text-xl font-bold">
          Your data
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          An archive (ZIP) of everything the hunt holds about you: your profile, discoveries with their photos in full size, comments,
          likes, notifications, watches, flags and sessions, with a README explaining each file. Only you can download it, for 7 days. You
          can ask once a day; a new archive replaces the one before.
        </p>
        {exports.length > 0 ? (
          <ul className="mt-3 divide-y divide-stone-200" aria-label="Archives of your data" aria-live="polite">
            {exports.map((archive) => (
              <li key={archive.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="data-export">
                <span className="text-sm text-stone-800">Asked for on {archive.requestedOn}</span>
                {archive.status === "ready" ? (
                  <a href={`/account/exports/${archive.id}`} className="font-semibold text-orange-800 underline" download>
                    Download ({archive.size}, until {archive.until})
                  </a>
                ) : archive.status === "pending" ? (
                  // Asked by hand, not by a <meta refresh>: reloading would drop whatever is being typed in this page's other forms.
                  <Form method="get" action="/account#data-heading" preventScrollReset className="flex items-center gap-2">
                    <span className="text-sm text-stone-600">Being prepared…</span>
                    <button type="submit" className="min-h-11 rounded-full px-3 text-sm font-semibold text-orange-800 underline">
                      Check again
                    </button>
                  </Form>
                ) : (
                  <span className="text-sm text-stone-600">{archive.status === "expired" ? "Expired" : "Could not be made"}</span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {exportAnswer?.formError ? (
          <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {exportAnswer.formError}
          </p>
        ) : null}
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="export" />
          <Button look="secondary" disabled={busy}>
            Prepare my data
          </Button>
        </Form>
      </section>

      <section aria-labelledby="delete-heading" className={sectionClass}>
        <h2 id="delete-heading" className="text-xl font-bold">
          Delete your account
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Your discoveries, photos, comments, likes and everything else the hunt holds about you, for good.
        </p>
        <Link to="/account/delete" className={buttonClass("danger", "cta", "mt-3")}>
          Delete my account…
        </Link>
      </section>
    </div>
  );
}

/** The first pause before asking whether an archive is ready, doubled after each answer up to the longest. */
const ARCHIVE_CHECK_FIRST_MS = 1000;
const ARCHIVE_CHECK_LONGEST_MS = 15_000;
/** An archive still not ready after this has likely failed to be made: the page stops asking, "Check again" stays. */
const ARCHIVE_CHECK_FOR_MS = 10 * 60_000;

/**
 * While an archive is being prepared, asks the small status route with a
 * growing pause (1 s, 2 s, 4 s… at most 15 s), not while the tab is hidden
 * (again at once when it is shown), and reloads the page's data once nothing
 * is pending, so the download link appears without a reload. A failed check
 * is simply asked again later: the page stays as it is.
 */
function useShowArchiveWhenReady(preparing: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!preparing) return;
    const until = Date.now() + ARCHIVE_CHECK_FOR_MS;
    let pause = ARCHIVE_CHECK_FIRST_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    let stopped = false;
    const check = async () => {
      timer = undefined;
      // Hidden: the next check is when the tab is shown again.
      if (stopped || document.hidden || Date.now() > until) return;
      asking = true;
      try {
        const response = await fetch("/account/exports/status", { headers: { Accept: "application/json" }, credentials: "same-origin" });
        const answer = response.ok ? ((await response.json()) as { preparing?: unknown }) : null;
        if (!stopped && answer?.preparing === false) return revalidate();
      } catch {
        // Offline or a dropped connection: asked again after the pause.
      } finally {
        asking = false;
      }
      if (stopped) return;
      timer = setTimeout(() => void check(), pause);
      pause = Math.min(pause * 2, ARCHIVE_CHECK_LONGEST_MS);
    };
    const onVisibility = () => {
      if (document.hidden || asking) return;
      clearTimeout(timer);
      void check();
    };
    timer = setTimeout(() => void check(), pause);
    pause *= 2;
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [preparing, revalidate]);
}

/** A request lost on the way keeps the page, and what was typed, as it was (see ~/lib/transport). */
export const clientAction = keepPageOnTransportFailure;
export const shouldRevalidate = keepDataAfterTransportFailure;
