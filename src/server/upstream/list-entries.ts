import type { z } from 'zod';
import { ByteMemory } from './byte-memory.js';
import { compiledCheck } from './compiled-check.js';

/**
 * A list answer forwarded as is (a page: `{ "items": [...], "page": 1, "pageSize": 20, "total": 500 }`)
 * judged entry by entry, each entry's bytes remembered once it passed the entry's schema. The same
 * project is in many answers (another page size, filter or sort; every page after a new project
 * shifts by one), so a page the proxy never saw is mostly made of entries it already checked:
 * those are recognised byte for byte (a memcmp each) instead of being parsed and validated again
 * (the parse and the check of a page of 20 projects were about half of a forwarding hop's CPU).
 *
 * Only for a schema that is exactly "an object, one of whose fields is an array of entries": no
 * refinement on the object or on the array (derived from the contract's zod schema, nothing
 * described here). Then the answer passes when
 *  - every entry is a known entry (the same bytes as one that passed the entry's schema) or is
 *    parsed and passes the entry's compiled check (compiled-check.ts) now,
 *  - the entries are separated by commas (JSON whitespace allowed), and
 *  - the rest of the answer with the list emptied (`{"items":[],"page":1,...}`) is JSON that
 *    passes the whole schema's compiled check:
 * the answer is then JSON (valid pieces joined by valid separators) and zod would accept it
 * (the object's other fields do not depend on the entries, and each entry passes alone).
 * Anything else (malformed bytes, an entry refused, no such field, a field name written with
 * escapes) is not decided here: the caller reads the whole answer and zod says why.
 * The byte scan only delimits values (brackets outside strings); what it delimits is parsed
 * (unknown entries, the rest) or is byte for byte a value that was parsed and passed before.
 */

/** Known entries per entry schema: this many at most, and this many bytes (two thousand 1 KB projects; five entry schemas in the contract today: projects, claims, claim e-mails, payment allocations, stats months; ~10 MB at worst). */
export const REMEMBERED_ENTRIES = 4096;
export const REMEMBERED_ENTRY_BYTES = 2 * 1024 * 1024;
/** An entry is found by its first bytes (a project's start: `{"id":"<guid>`); shorter entries are never kept. */
const PREFIX = 32;
/** Versions of entries with the same first bytes kept at most (a project changed many times). */
const SAME_PREFIX = 8;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const isSpace = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
function skipSpace(b: Buffer, i: number): number {
  while (isSpace(b[i])) i++;
  return i;
}

/** After the string that opens at `i` (its closing quote: the first not escaped by an odd run of backslashes); -1 when the bytes end. */
function stringEnd(b: Buffer, i: number): number {
  let at = i + 1;
  for (;;) {
    const quote = b.indexOf(QUOTE, at);
    if (quote < 0) return -1;
    let slashes = 0;
    while (b[quote - 1 - slashes] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/** After the value that starts at `i`, by brackets outside strings (not a validation: what it delimits is parsed); -1 when the bytes end first. */
function valueEnd(b: Buffer, i: number): number {
  const first = b[i];
  if (first === QUOTE) return stringEnd(b, i);
  if (first === OPEN_OBJECT || first === OPEN_ARRAY) {
    let depth = 0;
    for (let at = i; at < b.length; at++) {
      const c = b[at];
      if (c === QUOTE) {
        at = stringEnd(b, at) - 1;
        if (at < 0) return -1;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
      else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --depth === 0) return at + 1;
    }
    return -1;
  }
  // a number or a literal: up to the next separator
  let at = i;
  while (at < b.length) {
    const c = b[at];
    if (c === COMMA || c === CLOSE_OBJECT || c === CLOSE_ARRAY || isSpace(c)) break;
    at++;
  }
  return at;
}

function prefixKey(b: Buffer, at: number): number {
  let h = 0;
  for (let i = at; i < at + PREFIX; i++) h = (Math.imul(h, 31) + (b[i] as number)) | 0;
  return h;
}

/** The entries that passed one entry schema, found by their first bytes; least recently seen forgotten first. */
class KnownEntries {
  private readonly memory = new ByteMemory<number>(REMEMBERED_ENTRIES, REMEMBERED_ENTRY_BYTES, SAME_PREFIX);

  /** The length of a known entry at `at` in `b` (its bytes are exactly there), or -1. */
  match(b: Buffer, at: number): number {
    if (at + PREFIX > b.length) return -1;
    const entry = this.memory.find(
      prefixKey(b, at),
      (kept) => at + kept.length <= b.length && b.compare(kept, 0, kept.length, at, at + kept.length) === 0,
    );
    return entry ? entry.length : -1;
  }

  add(b: Buffer, start: number, end: number): void {
    const length = end - start;
    if (length < PREFIX || length > REMEMBERED_ENTRY_BYTES / 64 || this.match(b, start) === length) return;
    this.memory.add(prefixKey(b, start), b.subarray(start, end));
  }
}

interface ListShape {
  /** The list field's name as JSON writes it, quotes included (`"items"`). */
  field: Buffer;
  entry: (value: unknown) => boolean;
  whole: (value: unknown) => boolean;
  known: KnownEntries;
}

interface Def {
  type: string;
  checks?: unknown[];
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
}

const shapes = new WeakMap<z.ZodType, ListShape | null>();
/** Entry memories by entry schema: two list schemas of the same entries share one. */
const knownOf = new WeakMap<z.core.$ZodType, KnownEntries>();

/** The list shape of a schema: an object without refinements with exactly one array field without checks; else null. */
function listShape(schema: z.ZodType): ListShape | null {
  const cached = shapes.get(schema);
  if (cached !== undefined) return cached;
  let shape: ListShape | null = null;
  const def = schema._zod.def as unknown as Def;
  if (def.type === 'object' && (def.checks ?? []).length === 0 && def.shape) {
    const arrays = Object.entries(def.shape).filter(([, s]) => (s._zod.def as unknown as Def).type === 'array');
    const [name, array] = arrays[0] ?? [];
    const arrayDef = array?._zod.def as unknown as Def | undefined;
    const field = name === undefined ? '' : JSON.stringify(name);
    if (arrays.length === 1 && arrayDef?.element && (arrayDef.checks ?? []).length === 0 && field === `"${name}"`) {
      const element = arrayDef.element;
      const known = knownOf.get(element) ?? new KnownEntries();
      knownOf.set(element, known);
      shape = {
        field: Buffer.from(field),
        entry: compiledCheck(element as z.ZodType),
        whole: compiledCheck(schema),
        known,
      };
    }
  }
  shapes.set(schema, shape);
  return shape;
}

/**
 * True when `body` is a list answer that passes `schema`, judged entry by entry (see above); false
 * when not decided here (not a list schema, or anything unexpected): the caller then reads it whole.
 */
export function listPasses(schema: z.ZodType, body: Buffer): boolean {
  const shape = listShape(schema);
  if (!shape) return false;
  const b = body;
  // the fields before the list, up to its opening bracket
  let i = skipSpace(b, 0);
  if (b[i] !== OPEN_OBJECT) return false;
  i = skipSpace(b, i + 1);
  let open = -1;
  while (open < 0) {
    if (b[i] !== QUOTE) return false;
    const nameEnd = stringEnd(b, i);
    if (nameEnd < 0) return false;
    const isList = nameEnd - i === shape.field.length && b.compare(shape.field, 0, shape.field.length, i, nameEnd) === 0;
    i = skipSpace(b, nameEnd);
    if (b[i] !== COLON) return false;
    i = skipSpace(b, i + 1);
    if (isList) {
      if (b[i] !== OPEN_ARRAY) return false;
      open = i;
    } else {
      const end = valueEnd(b, i);
      if (end <= i) return false;
      i = skipSpace(b, end);
      if (b[i] !== COMMA) return false;
      i = skipSpace(b, i + 1);
    }
  }
  // the entries
  const fresh: number[] = [];
  i = skipSpace(b, open + 1);
  if (b[i] !== CLOSE_ARRAY) {
    for (;;) {
      const known = shape.known.match(b, i);
      let end: number;
      if (known > 0) end = i + known;
      else {
        end = valueEnd(b, i);
        if (end <= i) return false;
        let value: unknown;
        try {
          value = JSON.parse(b.toString('utf8', i, end));
        } catch {
          return false;
        }
        if (!shape.entry(value)) return false;
        fresh.push(i, end);
      }
      i = skipSpace(b, end);
      if (b[i] === CLOSE_ARRAY) break;
      if (b[i] !== COMMA) return false;
      i = skipSpace(b, i + 1);
    }
  }
  // the rest, the list emptied
  let rest: unknown;
  try {
    rest = JSON.parse(b.toString('utf8', 0, open + 1) + b.toString('utf8', i));
  } catch {
    return false;
  }
  if (!shape.whole(rest)) return false;
  for (let k = 0; k < fresh.length; k += 2) shape.known.add(b, fresh[k] as number, fresh[k + 1] as number);
  return true;
}
