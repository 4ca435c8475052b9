import type { z } from 'zod';
import { nextTask } from './next-task.js';

/**
 * How long one task checks a list's items before it lets the browser paint or answer a tap (issue 14):
 * checking a page of 20 projects with the contract's schemas was one task of 30 ms (120 ms with a
 * phone's 4x slower CPU), the work queue's lines one of 60 ms at 4x. A time rather than a count: an
 * item's check costs 1-6 ms depending on the schema and the phone.
 */
const SLICE_MS = 4;

type Def = { type?: string; checks?: unknown[]; shape?: Record<string, unknown>; element?: unknown };
const defOf = (schema: unknown): Def | undefined =>
  schema && typeof schema === 'object' && 'def' in schema ? (schema as { def: Def }).def : undefined;

type LengthCheck = { check?: string; maximum?: unknown; minimum?: unknown; length?: unknown };
/**
 * Whether `n` elements pass an array's own checks, when they are only checks of its length (zod's
 * `.max`, `.min`, `.length`); undefined for any other check (the answer is then checked at once).
 */
function lengthFits(checks: unknown[] | undefined, n: number): boolean | undefined {
  let fits = true;
  for (const check of checks ?? []) {
    const def = (check as { _zod?: { def?: LengthCheck } })._zod?.def;
    // (zod's length checks apply when the value has a length: an array always has)
    if (!def) return undefined;
    if (def.check === 'max_length' && typeof def.maximum === 'number') fits &&= n <= def.maximum;
    else if (def.check === 'min_length' && typeof def.minimum === 'number') fits &&= n >= def.minimum;
    else if (def.check === 'length_equals' && typeof def.length === 'number') fits &&= n === def.length;
    else return undefined;
  }
  return fits;
}

/** The object schema without one of its keys (zod's `omit`), built once per schema and key. */
const heads = new WeakMap<object, Map<string, z.ZodType>>();
function headOf(schema: z.ZodType, key: string): z.ZodType | undefined {
  const omit = (schema as { omit?: (mask: Record<string, true>) => z.ZodType }).omit;
  if (typeof omit !== 'function') return undefined;
  const byKey = heads.get(schema) ?? new Map<string, z.ZodType>();
  heads.set(schema, byKey);
  let head = byKey.get(key);
  if (!head) byKey.set(key, (head = omit.call(schema, { [key]: true })));
  return head;
}

interface List {
  key: string;
  element: z.ZodType;
  items: unknown[];
  fits: boolean;
  head: z.ZodType;
  keys: string[];
}

/**
 * A list answer's parts, when the schema is a plain object (no check of its own) and the answer's
 * longest array is one of its keys, a plain array (its only checks, if any, on its length: the
 * contract's `paginated`, the work queue's lines): then checking the rest, the length and each item
 * apart gives exactly the result of checking the whole.
 */
function listParts(schema: z.ZodType, data: unknown): List | undefined {
  const object = defOf(schema);
  if (object?.type !== 'object' || object.checks?.length || !object.shape || !data || typeof data !== 'object') return undefined;
  const answer = data as Record<string, unknown>;
  let key: string | undefined;
  for (const k of Object.keys(object.shape)) {
    const value = answer[k];
    if (Array.isArray(value) && defOf(object.shape[k])?.type === 'array') {
      const longest = key === undefined ? undefined : answer[key];
      if (!Array.isArray(longest) || value.length > longest.length) key = k;
    }
  }
  if (key === undefined) return undefined;
  const array = defOf(object.shape[key]);
  const items = answer[key] as unknown[];
  const fits = lengthFits(array?.checks, items.length);
  const element = array?.element as z.ZodType | undefined;
  const head = fits === undefined || !element ? undefined : headOf(schema, key);
  if (fits === undefined || !element || !head) return undefined;
  return { key, element, items, fits, head, keys: Object.keys(object.shape) };
}

/**
 * Checks an answer with its schema as `safeParse` does, a list's items a few milliseconds a task at
 * a time (the caller has already let the browser in before the first): same result, same refusals.
 */
export async function parseInSteps<S extends z.ZodType>(
  schema: S,
  data: unknown,
): Promise<{ success: true; data: z.infer<S> } | { success: false }> {
  const list = listParts(schema, data);
  if (!list) {
    const parsed = schema.safeParse(data);
    return parsed.success ? { success: true, data: parsed.data } : { success: false };
  }
  if (!list.fits) return { success: false };
  const head = list.head.safeParse(data);
  if (!head.success) return { success: false };
  const items: unknown[] = [];
  let start = performance.now();
  for (const item of list.items) {
    if (performance.now() - start >= SLICE_MS) {
      await nextTask();
      start = performance.now();
    }
    const parsed = list.element.safeParse(item);
    if (!parsed.success) return { success: false };
    items.push(parsed.data);
  }
  // the keys in the schema's order, as the whole check writes them
  const rest = head.data as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const key of list.keys) {
    if (key === list.key) result[key] = items;
    else if (key in rest) result[key] = rest[key];
  }
  for (const key of Object.keys(rest)) if (!(key in result)) result[key] = rest[key];
  return { success: true, data: result as z.infer<S> };
}
