import type { z } from 'zod';
import { nextTask } from './next-task.js';

/**
 * How long one task checks a list's items before it lets the browser paint or answer a tap (issue 14):
 * checking a page of 20 projects with the contract's schemas was one task of 30 ms (120 ms with a
 * phone's 4x slower CPU), the longest of the project list's start-up. A time rather than a count:
 * an item's check costs 1-6 ms depending on the schema and the phone.
 */
const SLICE_MS = 4;

type Def = { type?: string; checks?: unknown[]; shape?: Record<string, unknown>; element?: unknown };
const defOf = (schema: unknown): Def | undefined =>
  schema && typeof schema === 'object' && 'def' in schema ? (schema as { def: Def }).def : undefined;

/**
 * A list answer's parts, when the schema is a plain object (no check of its own) whose `items` is a
 * plain array (no check of its own, the contract's `paginated`), and the answer has such an array:
 * then checking the rest and each item apart gives exactly the result of checking the whole.
 */
function listParts(schema: z.ZodType, data: unknown): { element: z.ZodType; items: unknown[]; rest: object } | undefined {
  const object = defOf(schema);
  const items = defOf(object?.shape?.items);
  if (object?.type !== 'object' || object.checks?.length || items?.type !== 'array' || items.checks?.length) return undefined;
  const element = items.element as z.ZodType | undefined;
  if (!element || !data || typeof data !== 'object' || !('items' in data) || !Array.isArray(data.items)) return undefined;
  return { element, items: data.items as unknown[], rest: data };
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
  const head = schema.safeParse({ ...list.rest, items: [] });
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
  return { success: true, data: { ...(head.data as object), items } as z.infer<S> };
}
