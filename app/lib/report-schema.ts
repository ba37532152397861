import { z } from "zod";
import { PLAIN_DECIMAL } from "./text";
import { multiLineText, singleLineText } from "./text-fields";

/** The longest caption and location text a report may carry. */
export const MAX_CAPTION_LENGTH = 500;
export const MAX_LOCATION_LENGTH = 200;

/** A coordinate as JSON sends it: a number, a plain decimal string ("0x10" is not one), or null/absent. */
function coordinate(name: "latitude" | "longitude", limit: number) {
  const message = `${name} must be a number between -${limit} and ${limit}`;
  return (
    z
      // A JSON number too large for a double (1e309) parses as Infinity, which z.number() refuses before the check below.
      .union([z.number(), z.string().trim().max(40), z.null()], { error: message })
      .optional()
      .transform((value, ctx) => {
        if (value === null || value === undefined || value === "") return null;
        if (typeof value === "string" && !PLAIN_DECIMAL.test(value)) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        const number = typeof value === "number" ? value : Number(value);
        if (!Number.isFinite(number) || Math.abs(number) > limit) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return number;
      })
  );
}

/** Fields every discovery report shares (JSON API and forms alike). */
export const ReportFieldsSchema = z
  .object({
    tempPath: z
      .string({ error: "tempPath is required: upload the photo first" })
      .min(1, "tempPath is required: upload the photo first")
      .max(200),
    location: singleLineText().max(MAX_LOCATION_LENGTH, `location must be at most ${MAX_LOCATION_LENGTH} characters`).nullish(),
    latitude: coordinate("latitude", 90),
    longitude: coordinate("longitude", 180),
    /** How precisely the coordinates are published: "exact" (the default) or "approximate" (about 1 km). */
    precision: z
      .enum(["exact", "approximate", ""], { error: 'precision must be "exact" or "approximate"' })
      .nullish()
      .transform((value) => (value === "approximate" ? ("approximate" as const) : ("exact" as const))),
    /** Proof of possession (docs/api.md): the code on the label as typed, or a scan proof. */
    checkCode: z.string({ error: "checkCode must be a string" }).max(32, "checkCode must be at most 32 characters").nullish(),
    proof: z.string({ error: "proof must be a string" }).max(100, "proof must be at most 100 characters").nullish(),
  })
  .refine((value) => (value.latitude === null) === (value.longitude === null), {
    message: "latitude and longitude go together: send both or neither",
    path: ["latitude"],
  });

/** POST /api/discoveries (SPEC.md §3: jimmyId, tempPath, caption, location, latitude, longitude). */
export const ApiDiscoverySchema = z.intersection(
  ReportFieldsSchema,
  z.object({
    jimmyId: z.number({ error: "jimmyId must be a number" }).int().positive("jimmyId must be positive"),
    caption: multiLineText().max(MAX_CAPTION_LENGTH, `caption must be at most ${MAX_CAPTION_LENGTH} characters`).nullish(),
  }),
);
