import { describe, expect, it } from "vitest";
import { CommentFormSchema } from "./comment-schema";
import { AUTHOR_NAME_MAX_LENGTH, COMMENT_MAX_LENGTH } from "./comments";
import { FLAG_NOTE_MAX_LENGTH } from "./flags";
import { FlagFormSchema } from "./flag-schema";
import { formHints } from "./form-hints";
import { CommentEditSchema, DiscoveryEditSchema } from "./own-content-schema";
import { MAX_CAPTION_LENGTH, MAX_LOCATION_LENGTH } from "./report-form";
import { z } from "zod";

describe("formHints: the browser's limits come from the server's schema", () => {
  it("a comment must not be blank and has the server's length limit; the name is optional", () => {
    expect(formHints(CommentFormSchema)).toEqual({
      content: { required: true, maxLength: COMMENT_MAX_LENGTH },
      authorName: { maxLength: AUTHOR_NAME_MAX_LENGTH },
    });
    expect(formHints(CommentEditSchema)).toEqual({ content: { required: true, maxLength: COMMENT_MAX_LENGTH } });
  });

  it("a caption and a location may be left blank (a blank box is not 'required'), within their limits", () => {
    expect(formHints(DiscoveryEditSchema)).toEqual({
      caption: { maxLength: MAX_CAPTION_LENGTH },
      location: { maxLength: MAX_LOCATION_LENGTH },
    });
  });

  it("a choice gives no text limits; a note keeps its own", () => {
    expect(formHints(FlagFormSchema)).toEqual({ reason: {}, note: { maxLength: FLAG_NOTE_MAX_LENGTH } });
  });

  it("numbers get min and max, patterns and minimum lengths carry over", () => {
    const schema = z.object({
      from: z.coerce.number().int().min(1).max(999),
      code: z
        .string()
        .min(6)
        .max(6)
        .regex(/^[A-Z0-9]+$/),
    });
    expect(formHints(schema)).toEqual({
      from: { required: true, min: 1, max: 999 },
      code: { required: true, minLength: 6, maxLength: 6, pattern: "^[A-Z0-9]+$" },
    });
  });
});
