import { z } from "zod";

/** The HTML constraint attributes of one field: what the browser can say before the server does. */
export type FieldHints = { required?: true; minLength?: number; maxLength?: number; min?: number; max?: number; pattern?: string };

type JsonField = { type?: string; minLength?: number; maxLength?: number; minimum?: number; maximum?: number; pattern?: string };

/**
 * Each field's HTML constraints, read from the same zod object schema the
 * server parses the form with (through zod's own JSON Schema of the input), so
 * a limit is written once. Call it in a loader: the page then gets plain
 * numbers and never ships zod. A text field is `required` when it must not be
 * empty (a minimum length), not merely present, since a blank box posts "".
 */
export function formHints<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>): { [K in keyof Shape]: FieldHints } {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, JsonField>;
    required?: string[];
  };
  const hints: Record<string, FieldHints> = {};
  for (const name of Object.keys(schema.shape)) {
    const field = json.properties?.[name] ?? {};
    const hint: FieldHints = {};
    if (field.type === "string") {
      if (field.minLength) hint.required = true;
      if (field.minLength && field.minLength > 1) hint.minLength = field.minLength;
      if (field.maxLength !== undefined) hint.maxLength = field.maxLength;
      if (field.pattern !== undefined) hint.pattern = field.pattern;
    } else if (field.type === "number" || field.type === "integer") {
      if (json.required?.includes(name)) hint.required = true;
      if (field.minimum !== undefined) hint.min = field.minimum;
      if (field.maximum !== undefined) hint.max = field.maximum;
    }
    hints[name] = hint;
  }
  return hints as { [K in keyof Shape]: FieldHints };
}
