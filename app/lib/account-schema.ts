/**
 * The account page's forms (app/routes/account/), checked the same way on the
 * server and hinted in the browser. The messages are worded where the page
 * gets them (`wordErrors`, with `{max}` the field's limit).
 */
import { z } from "zod";
import { msg } from "./language";
import { singleLineText } from "./text-fields";

/** Each part of a display name, as the Hall of Fame and the comments show it. */
export const NAME_PART_MAX_LENGTH = 40;

export const EMAIL_MAX_LENGTH = 254;

export const EmailChoicesSchema = z.object({
  frequency: z.enum(["off", "each", "daily"], { error: msg("Choose how you want your news: no email, each piece, or a daily digest.") }),
  watchFinds: z.boolean(),
});

export const NewEmailSchema = z.object({
  email: singleLineText()
    .min(1, msg("Type the address your news should go to."))
    .max(EMAIL_MAX_LENGTH, msg("An address is at most {max} characters."))
    .pipe(z.email(msg("That doesn't look like an email address: it should be like name@example.com."))),
});

export const DisplayNameSchema = z.object({
  firstName: singleLineText()
    .min(1, msg("Type the first name other hunters will see."))
    .max(NAME_PART_MAX_LENGTH, msg("A first name is at most {max} characters.")),
  lastName: singleLineText().max(NAME_PART_MAX_LENGTH, msg("A last name is at most {max} characters.")),
});

export const PhotoChoiceSchema = z.enum(["provider", "upload", "none"], {
  error: msg("Choose your sign-in provider's photo, one of your own, or none."),
});
