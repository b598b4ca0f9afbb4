import { z } from "zod";

/**
 * The HTML attributes of one form field, read from the zod schema the server checks it with, so
 * the browser's limits and the server's rule cannot drift apart. Plain data: loaders build it on
 * the server and hand it to the page, so the page ships neither zod nor the schema's libraries.
 */
export interface FieldConstraints {
  name: string;
  required?: true;
  minLength?: number;
  maxLength?: number;
  type?: InputType;
  /** An anchored pattern of the schema, without its anchors, as the `pattern` attribute takes it. */
  pattern?: string;
}

/** The input types a schema names: a format zod checks, or `inputTypes` where no check can say it. */
export type InputType = "email" | "url" | "tel" | "date" | "datetime-local" | "number";

/** Inputs the browser fills from a picker: length and pattern attributes mean nothing to them. */
const pickedTypes = new Set<InputType>(["date", "datetime-local", "number"]);

/**
 * What a schema cannot say with a check: a phone number or a date written as plain text the
 * server parses itself. Register it on the field's schema: `.register(inputTypes, { type: "tel" })`.
 */
export const inputTypes = z.registry<{ type: InputType }>();

const typeOfFormat: Partial<Record<string, InputType>> = { email: "email", url: "url" };

interface CheckDefinition {
  check?: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
  pattern?: RegExp;
}

interface SchemaDefinition {
  type: string;
  checks?: ReadonlyArray<{ _zod: { def: CheckDefinition } }>;
  format?: string;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
}

/** Read once per schema: loaders ask on every request, and a schema does not change. */
const constraintsOfSchema = new WeakMap<z.ZodType, Readonly<Record<string, Readonly<FieldConstraints>>>>();

/**
 * The attributes of every field of an object schema (also one refined or transformed as a whole,
 * e.g. `z.object(…).superRefine(…).transform(…)`), keyed like the schema's fields. The answer is
 * shared by every caller with the same schema, and frozen.
 */
export function formConstraints<Schema extends z.ZodType<unknown, object>>(
  schema: Schema,
): { readonly [Field in keyof z.input<Schema> & string]: Readonly<FieldConstraints> } {
  let fields = constraintsOfSchema.get(schema);
  if (!fields) {
    const read: Record<string, FieldConstraints> = {};
    for (const [name, field] of Object.entries(shapeOf(schema))) {
      const found: Found = { optional: false };
      collect(field, found);
      read[name] = Object.freeze(attributesOf(name, found));
    }
    fields = Object.freeze(read);
    constraintsOfSchema.set(schema, fields);
  }
  return fields as { readonly [Field in keyof z.input<Schema> & string]: Readonly<FieldConstraints> };
}

/** The fields of the object at the start of a schema (through whole-object refinements and transforms). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const definition = schema.def as unknown as SchemaDefinition & { shape?: Record<string, z.ZodType> };
  if (definition.type === "object" && definition.shape) return definition.shape;
  if (definition.type === "pipe" && definition.in) return shapeOf(definition.in);
  throw new TypeError(`formConstraints needs an object schema, not a ${definition.type} schema.`);
}

interface Found {
  /** Wrapped in `.optional()`, `.default()` or the like: an empty field is acceptable. */
  optional: boolean;
  minLength?: number;
  maxLength?: number;
  type?: InputType;
  pattern?: string;
}

/** Walks a field's schema (through pipes, preprocessing and wrappers), gathering its limits. */
function collect(schema: z.ZodType, found: Found): void {
  const registered = inputTypes.get(schema);
  if (registered) found.type ??= registered.type;
  const definition = schema.def as unknown as SchemaDefinition;
  switch (definition.type) {
    case "pipe":
      // `.pipe()`, `.transform()` and `z.preprocess()`: both ends may hold checks.
      if (definition.in) collect(definition.in, found);
      if (definition.out) collect(definition.out, found);
      return;
    case "optional":
    case "default":
    case "prefault":
    case "nullable":
    case "catch":
      if (definition.type !== "nullable") found.optional = true;
      if (definition.innerType) collect(definition.innerType, found);
      return;
    case "string":
      readString(definition, found);
      return;
    default:
      return;
  }
}

function readString(definition: SchemaDefinition, found: Found): void {
  const formats = [definition.format];
  for (const check of definition.checks ?? []) {
    const { check: kind, minimum, maximum, length, format, pattern } = check._zod.def;
    if (kind === "min_length" && minimum !== undefined)
      found.minLength = Math.max(found.minLength ?? 0, minimum);
    if (kind === "max_length" && maximum !== undefined)
      found.maxLength = Math.min(found.maxLength ?? maximum, maximum);
    if (kind === "length_equals" && length !== undefined) {
      found.minLength = length;
      found.maxLength = length;
    }
    if (kind === "string_format") {
      formats.push(format);
      if (format === "regex" && pattern) found.pattern ??= htmlPattern(pattern);
    }
  }
  for (const format of formats) {
    const type = format ? typeOfFormat[format] : undefined;
    if (type) found.type ??= type;
  }
}

/**
 * A regular expression as the `pattern` attribute runs it (whole value, `v` flag), or undefined
 * when it would not mean the same there: unanchored, with flags that change matching, or not
 * valid under the `v` flag (a browser would ignore it).
 */
function htmlPattern(pattern: RegExp): string | undefined {
  if (pattern.flags.replace(/[uv]/g, "") !== "") return undefined;
  const anchored = /^\^(.*)\$$/s.exec(pattern.source);
  if (!anchored?.[1]) return undefined;
  try {
    new RegExp(`^(?:${anchored[1]})$`, "v");
  } catch {
    return undefined;
  }
  return anchored[1];
}

function attributesOf(name: string, found: Found): FieldConstraints {
  const attributes: FieldConstraints = { name };
  const minLength = found.minLength ?? 0;
  if (!found.optional && minLength >= 1) attributes.required = true;
  // A minimum of one is what `required` says already.
  if (found.type) attributes.type = found.type;
  if (found.type && pickedTypes.has(found.type)) return attributes;
  if (minLength > 1) attributes.minLength = minLength;
  if (found.maxLength !== undefined) attributes.maxLength = found.maxLength;
  if (found.pattern) attributes.pattern = found.pattern;
  return attributes;
}
