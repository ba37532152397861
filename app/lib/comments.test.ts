import { describe, expect, it } from "vitest";
import { CommentFormSchema } from "./comment-schema";
import { COMMENT_MAX_LENGTH } from "./comments";
import { INVISIBLE_ONLY } from "../../tests/support/invisible";

describe("the comment form's rules", () => {
  it("trims the content and the name, and drops an empty name", () => {
    expect(CommentFormSchema.parse({ content: "  Go Jimmy!  ", authorName: "  Ada  " })).toEqual({
      content: "Go Jimmy!",
      authorName: "Ada",
    });
    expect(CommentFormSchema.parse({ content: "Go Jimmy!", authorName: "   " })).toEqual({ content: "Go Jimmy!" });
    expect(CommentFormSchema.parse({ content: "Go Jimmy!" })).toEqual({ content: "Go Jimmy!" });
  });

  it("requires content and caps its length with a clear message", () => {
    const blank = CommentFormSchema.safeParse({ content: " \n\t " });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe("Write a comment first.");
    expect(CommentFormSchema.safeParse({ content: "x".repeat(COMMENT_MAX_LENGTH) }).success).toBe(true);
    const long = CommentFormSchema.safeParse({ content: "x".repeat(COMMENT_MAX_LENGTH + 1) });
    expect(long.error?.issues[0]?.message).toBe("Keep your comment under 1,000 characters.");
    expect(CommentFormSchema.safeParse({ content: "ok", authorName: "n".repeat(41) }).error?.issues[0]?.message).toBe(
      "Keep your name under 40 characters.",
    );
  });

  it("takes a comment or a name made only of invisible characters as empty", () => {
    const invisible = CommentFormSchema.safeParse({ content: INVISIBLE_ONLY, authorName: "Ada" });
    expect(invisible.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([["content", "Write a comment first."]]);
    expect(CommentFormSchema.parse({ content: "Go Jimmy!", authorName: "\u200B\u200D\u3164" })).toEqual({ content: "Go Jimmy!" });
  });
});
