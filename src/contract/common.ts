import { z } from 'zod';
import { DATE_MAX, DATE_MIN, FINANCE_MONEY_MAX, MONEY_MAX, TEXT_MAX } from './limits.js';
import { hasAtMostTwoDecimals } from './money.js';
import { PATTERNS, rule, ruleError, ruleIssue, type Rule } from './rules.js';

export { GUID_PATTERN, isGuid } from './guid.js';

/** Identifiers of projects, claims, rental debts, payments, documents: GUID strings. */
export const GuidSchema = z.guid({ error: ruleError });
export type Guid = z.infer<typeof GuidSchema>;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A calendar date written yyyy-MM-dd (spec: "dates are yyyy-MM-dd strings"). */
export const IsoDateSchema = z.string({ error: ruleError }).refine(isIsoDate, { ...rule('date'), abort: true });
export type IsoDate = z.infer<typeof IsoDateSchema>;

export const TimestampSchema = z.string().describe('ISO 8601 timestamp, UTC');

/** A date of a request body: a real date from 1900 to 2199 (limits.ts). Answers keep IsoDateSchema. */
export const PlausibleDateSchema = IsoDateSchema.refine((d) => d >= DATE_MIN, rule('dateFrom', { date: DATE_MIN })).refine(
  (d) => d <= DATE_MAX,
  rule('dateUntil', { date: DATE_MAX }),
);

/** A limit of a date window: the date, and the rule (which says why the limit exists) it raises. */
export type DateBound = Extract<Rule, { params: { date: string } }>;

/** A date rule that needs "today": `value` within [min, max] (either may be absent). */
export function checkDateWindow(
  ctx: z.RefinementCtx,
  path: PropertyKey[],
  value: string | null | undefined,
  bounds: { min?: DateBound; max?: DateBound },
): void {
  if (!value) return;
  if (bounds.min && value < bounds.min.params.date) ctx.addIssue({ code: 'custom', path, ...ruleIssue(bounds.min) });
  if (bounds.max && value > bounds.max.params.date) ctx.addIssue({ code: 'custom', path, ...ruleIssue(bounds.max) });
}

/** Money: a finite JSON number of euros, at most two decimals, at most `max` (limits.ts). */
export function moneyUpTo(max: number) {
  return (
    z
      // zod refuses NaN and the infinities already
      .number({ error: ruleError })
      .refine((n) => Math.abs(n) <= max, { ...rule('maxNumber', { max }), abort: true })
      .refine(hasAtMostTwoDecimals, rule('decimals'))
  );
}
export const MoneySchema = moneyUpTo(MONEY_MAX);
export const NonNegativeMoneySchema = MoneySchema.refine((n) => n >= 0, rule('nonNegative'));
export const PositiveMoneySchema = MoneySchema.refine((n) => n > 0, rule('positive'));
/** Incomes, savings, allowances: a higher ceiling than rents. */
export const FinanceMoneySchema = moneyUpTo(FINANCE_MONEY_MAX).refine((n) => n >= 0, rule('nonNegative'));

/** C0 and C1 control characters (NUL, escape...) and lone surrogates: never in a name or a line of text. */
const CONTROL = /[\p{Cc}\p{Cs}\u2028\u2029]/u;

/** Free text of at most `max` characters (the message names the limit), without control characters. */
export function text(max: number, o: { multiline?: boolean } = {}) {
  return (
    z
      // a missing value is "required" (a form's empty field), anything else that is not a string "must be text"
      .string({ error: ruleError })
      .trim()
      .max(max, { error: ruleError })
      // a comment may hold tabs and line breaks; nothing else of the kind
      .refine((s) => !CONTROL.test(o.multiline ? s.replace(/[\t\r\n]/g, '') : s), rule('controlChars'))
  );
}
/**
 * A company's SIREN as people write it, in groups ("123 456 789", the spaces often no-break ones when
 * pasted): the spaces go, the 9 digits remain, as the partner takes them.
 */
export const SirenSchema = z
  .string({ error: ruleError })
  .overwrite((s) => s.replace(/\s/g, ''))
  .regex(PATTERNS.siren, { error: ruleError });

/** Required free text: not empty once trimmed. */
export const requiredText = (max: number) => text(max).refine((s) => s.length > 0, rule('required'));

export const EmailSchema = z.email({ error: ruleError }).max(TEXT_MAX.email, { error: ruleError });

export const NameSchema = requiredText(TEXT_MAX.name);

/** Shared phone object (spec 2.1). The misspellings are part of the contract. */
export const PhoneSchema = z.object({
  phoneContryCode: z.string({ error: ruleError }).regex(PATTERNS.countryCode, { error: ruleError }),
  phoneOrigin: text(30).optional(),
  phoneFormated: z.string({ error: ruleError }).regex(PATTERNS.phone, { error: ruleError }),
});
export type Phone = z.infer<typeof PhoneSchema>;

export const AddressSchema = z.object({
  country: requiredText(TEXT_MAX.country),
  address: requiredText(TEXT_MAX.street),
  zipCode: requiredText(TEXT_MAX.zipCode),
  city: requiredText(TEXT_MAX.city),
  additionalAddress: text(TEXT_MAX.street).optional(),
});
export type Address = z.infer<typeof AddressSchema>;
/** An address on one line, its complement (building, flat) included: "12 rue A, Bât. B, 67000 Strasbourg". */
export const addressLine = (a: Address): string =>
  [a.address, a.additionalAddress, `${a.zipCode} ${a.city}`].filter((part) => part && part.trim() !== '').join(', ');

export const MetadataSchema = z.record(z.string(), z.string().max(TEXT_MAX.metadata));
/** Metadata of a request body: named keys of at most 100 characters, any other key at most 500, no control characters. */
export function metadataOf<K extends string>(keys: readonly K[]) {
  return z
    .object(
      Object.fromEntries(keys.map((k) => [k, text(TEXT_MAX.reference).optional()])) as Record<K, z.ZodOptional<ReturnType<typeof text>>>,
    )
    .catchall(text(TEXT_MAX.metadata))
    .refine((m) => Object.keys(m).length <= 20, rule('maxKeys', { max: 20 }))
    .refine((m) => Object.keys(m).every((k) => k.length <= 50 && !CONTROL.test(k)), rule('keyShape', { max: 50 }));
}

/** Query of the paginated lists: page from 1, pageSize default 20, at most 100. */
export const PageQuerySchema = z.object({
  page: z.coerce.number({ error: ruleError }).int({ error: ruleError }).min(1, { error: ruleError }).default(1),
  pageSize: z.coerce
    .number({ error: ruleError })
    .int({ error: ruleError })
    .min(1, { error: ruleError })
    .max(100, { error: ruleError })
    .default(20),
});

/** The page sizes a list offers (the SPA's pagination; each within what PageQuerySchema accepts). */
export const PAGE_SIZES: readonly number[] = [10, 20, 50, 100];
const DEFAULT_PAGE_SIZE = 20;

/**
 * The page and page size a list's URL asks for, read safely: by a list's page and by its route's
 * loader, which starts the page's read beside its code (app/prefetch.ts), so both ask for the same
 * query and the page finds the loader's answer. A page the server would refuse (0, 2.5, 1e400,
 * text) is the first page; a size the list does not offer is the default.
 */
export function readPage(params: URLSearchParams): { page: number; pageSize: number } {
  const page = PageQuerySchema.shape.page.catch(1).parse(params.get('page') ?? undefined);
  const size = Number(params.get('pageSize'));
  return { page, pageSize: PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE };
}

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

/** A repeatable query parameter (`?status=1&status=2`) parsed as an array of integers. */
export function repeatableInt<T extends z.ZodType<number>>(item: T) {
  return z.preprocess(
    (v) =>
      v === undefined ? undefined : (Array.isArray(v) ? v : [v]).map((x) => (typeof x === 'string' && /^-?\d+$/.test(x) ? Number(x) : x)),
    z.array(item).optional(),
  );
}

/** Result of operations whose answer is only an acknowledgement. */
export const ResultSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type Result = z.infer<typeof ResultSchema>;
