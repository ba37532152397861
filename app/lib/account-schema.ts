/** The account page's forms (app/routes/account.tsx), checked the same way on the server and hinted in the browser. */
import { z } from "zod";

export const EMAIL_MAX_LENGTH = 254;

export const EmailChoicesSchema = z.object({
  frequency: z.enum(["off", "each", "daily"], { error: "Choose how you want your news: no email, each piece, or a daily digest." }),
  watchFinds: z.boolean(),
});

export const NewEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Type the address your news should go to.")
    .max(EMAIL_MAX_LENGTH, `An address is at most ${EMAIL_MAX_LENGTH} characters.`)
    .pipe(z.email("That doesn't look like an email address: it should be like name@example.com.")),
});
