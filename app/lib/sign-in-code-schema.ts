// Kept apart from ./sign-in-code so the pages' client code does not ship zod.
import { z } from "zod";
import { NewEmailSchema } from "./account-schema";
import { msg } from "./language";

export const EmailCodeRequestSchema = z.object({ email: NewEmailSchema.shape.email });

export const EmailCodeCheckSchema = z.object({
  email: NewEmailSchema.shape.email,
  code: z.string().trim().min(1, msg("Type the 6-digit code from the email.")),
});
