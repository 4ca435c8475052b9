import { Ajv, _, type KeywordCxt, type ValidateFunction } from 'ajv';
import { z } from 'zod';

/**
 * A fast first check of a partner answer, derived from the contract's zod schema (src/contract
 * stays the one truth: nothing here describes an answer). The proxy forwards the partner's bytes
 * as they came, so it needs a verdict, not zod's output, and zod's parse builds a copy of every
 * object it checks. On a page of 20 projects (20 KB), one core: zod 110 µs, this check 83 µs, of
 * which ajv's part 43 µs and the rest the nodes left to zod (dates, money, trimmed texts), with
 * no copy left for the garbage collector.
 *
 * How: `z.toJSONSchema` (input side) describes the schema, ajv compiles it once per schema (on
 * first use). Only what JSON Schema says exactly as zod checks it is left to ajv: objects,
 * arrays, records, unions, nullable, optional, literals, enums, booleans, numbers (integers,
 * bounds), strings with length bounds and the guid and email formats (a plain ASCII pattern). A
 * node with anything else (a refinement such as a real calendar date or money with two decimals,
 * a trim before its length check, a transform, a format JSON Schema would not check the same
 * way) is checked by zod itself on that node (its own run, the same code as a full parse), so
 * the compiled check accepts no value that zod refuses.
 *
 * It is only a first check: a refusal is given to the full zod parse, which decides and says
 * why (the same error as without it); a value it accepts zod accepts too (the tests compare both
 * on the contract's answers and on broken ones). Lengths: zod 4.6 and ajv both count characters
 * (code points), not UTF-16 units. Relies on zod's `_zod.run` (zod/v4/core, what parse calls).
 */

type Node = z.core.$ZodType;

/** Check kinds toJSONSchema writes as JSON Schema keywords that ajv applies exactly as zod does. */
const EXACT_CHECKS = new Set(['max_length', 'min_length', 'length_equals', 'greater_than', 'less_than']);
/** Schema types toJSONSchema describes exactly (with their children described in turn). */
const EXACT_TYPES = new Set([
  'object',
  'array',
  'record',
  'union',
  'nullable',
  'optional',
  'literal',
  'enum',
  'boolean',
  'null',
  'number',
  'string',
]);
/** String formats whose zod check is an ASCII regex that toJSONSchema writes as `pattern`. */
const PATTERN_FORMATS = new Set(['guid', 'email']);
/** Number formats: a safe integer is `integer` with the safe bounds. */
const NUMBER_FORMATS = new Set(['safeint']);

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  format?: string;
  union?: unknown;
  discriminator?: unknown;
  keyType?: Node;
  catchall?: Node;
}

/** Whether ajv may judge this node itself (its children are judged on their own). */
function exact(node: Node): boolean {
  const def = node._zod.def as unknown as Def;
  if (!EXACT_TYPES.has(def.type)) return false;
  if (def.type === 'string' && def.format !== undefined && !PATTERN_FORMATS.has(def.format)) return false;
  if (def.type === 'number' && def.format !== undefined && !NUMBER_FORMATS.has(def.format)) return false;
  // a record's keys: only plain strings (toJSONSchema would describe other key schemas loosely)
  if (def.type === 'record' && def.keyType && !(def.keyType._zod.def.type === 'string' && exact(def.keyType))) return false;
  if (def.type === 'object' && def.catchall && def.catchall._zod.def.type !== 'unknown' && def.catchall._zod.def.type !== 'never')
    return false;
  for (const c of def.checks ?? []) {
    const kind = c._zod.def.check;
    if (EXACT_CHECKS.has(kind)) continue;
    if (kind === 'number_format' && NUMBER_FORMATS.has(c._zod.def.format ?? '')) continue;
    return false;
  }
  return true;
}

/** Runs zod on one node of the answer, exactly as a full parse does there; true when it raised no issue. */
const SYNC: z.core.ParseContextInternal = { async: false };
function zodAccepts(node: Node, value: unknown): boolean {
  const payload: z.core.ParsePayload = { value, issues: [] };
  const result = node._zod.run(payload, SYNC);
  return !(result instanceof Promise) && result.issues.length === 0;
}

const compiled = new WeakMap<Node, ValidateFunction>();
/** The zod nodes ajv hands back to zod, by index (the `x-zod` keyword's value), for every schema compiled. */
const byZod: Node[] = [];
const indexOf = new Map<Node, number>();
let shared: Ajv | null = null;

/** One ajv for every schema (building one compiles JSON Schema's meta-schema: most of a first compile's time). */
function ajv(): Ajv {
  if (shared) return shared;
  // patterns compiled without the u flag, as zod's own regexes are; no messages: zod says why; no
  // meta-schema (the schemas are zod's output): the first compile, on the first list of projects
  // after a start, takes 60-80 ms of CPU instead of 130-180
  shared = new Ajv({
    strict: false,
    validateFormats: false,
    allErrors: false,
    messages: false,
    unicodeRegExp: false,
    meta: false,
    validateSchema: false,
  });
  shared.addKeyword({
    keyword: 'x-zod',
    schemaType: 'number',
    errors: false,
    compile: (index: number) => {
      const node = byZod[index];
      if (!node) throw new Error(`compiled check: no zod node ${index}`);
      return (value: unknown) => zodAccepts(node, value);
    },
  });
  shared.addKeyword({
    keyword: 'x-finite',
    schemaType: 'boolean',
    type: 'number',
    code: (cxt: KeywordCxt) => cxt.fail(_`!Number.isFinite(${cxt.data})`),
  });
  return shared;
}

/** The compiled first check of `schema` (compiled on first use, then kept). */
export function compiledCheck(schema: z.ZodType): (value: unknown) => boolean {
  const known = compiled.get(schema);
  if (known) return known;
  const jsonSchema = z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-07',
    reused: 'inline',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: js }) => {
      if (exact(zodSchema)) {
        // JSON.parse reads 1e400 as Infinity, which ajv's "number" lets through and zod refuses
        if (zodSchema._zod.def.type === 'number') (js as Record<string, unknown>)['x-finite'] = true;
        return;
      }
      // zod judges this node and everything under it
      for (const key of Object.keys(js)) Reflect.deleteProperty(js, key);
      let index = indexOf.get(zodSchema);
      if (index === undefined) {
        index = byZod.push(zodSchema) - 1;
        indexOf.set(zodSchema, index);
      }
      (js as Record<string, unknown>)['x-zod'] = index;
    },
  });
  delete (jsonSchema as Record<string, unknown>).$schema;
  const validate = ajv().compile(jsonSchema);
  compiled.set(schema, validate);
  return validate;
}
