import { z } from 'zod';
import { DATE_MAX, DATE_MIN, FINANCE_MONEY_MAX, MONEY_MAX, TEXT_MAX } from './limits.js';
import { hasAtMostTwoDecimals } from './money.js';

/**
 * A GUID (8-4-4-4-12 hexadecimal digits, any case), unanchored: the one pattern that paths
 * (contract/paths.ts, the server's back-office allow-list) and GuidSchema are built from.
 */
export const GUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const GUID_ONLY = new RegExp(`^${GUID_PATTERN}$`);
export const isGuid = (value: string): boolean => GUID_ONLY.test(value);

/** Identifiers of projects, claims, rental debts, payments, documents: GUID strings. */
export const GuidSchema = z.string({ message: 'must be a GUID' }).regex(GUID_ONLY, { message: 'must be a GUID' });
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
export const IsoDateSchema = z
  .string({ message: 'must be a date written yyyy-MM-dd' })
  .refine(isIsoDate, { message: 'must be a valid date written yyyy-MM-dd', abort: true });
export type IsoDate = z.infer<typeof IsoDateSchema>;

export const TimestampSchema = z.string().describe('ISO 8601 timestamp, UTC');

/** A date of a request body: a real date from 1900 to 2199 (limits.ts). Answers keep IsoDateSchema. */
export const PlausibleDateSchema = IsoDateSchema.refine((d) => d >= DATE_MIN, { message: `must be on or after ${DATE_MIN}` }).refine(
  (d) => d <= DATE_MAX,
  { message: `must be on or before ${DATE_MAX}` },
);

/**
 * A date rule that needs "today": `value` within [min, max] (either may be absent). The message names
 * the limit, and says why when `why` is given.
 */
export function checkDateWindow(
  ctx: z.RefinementCtx,
  path: PropertyKey[],
  value: string | null | undefined,
  bounds: { min?: string; max?: string; why?: string },
): void {
  if (!value) return;
  const why = bounds.why ? `: ${bounds.why}` : '';
  if (bounds.min && value < bounds.min) ctx.addIssue({ code: 'custom', path, message: `must be on or after ${bounds.min}${why}` });
  if (bounds.max && value > bounds.max) ctx.addIssue({ code: 'custom', path, message: `must be on or before ${bounds.max}${why}` });
}

/** 1000000 → "1,000,000": limits named in messages (the web translates the message). */
export const formatLimit = (n: number): string => n.toLocaleString('en-US');

/** Money: a finite JSON number of euros, at most two decimals, at most `max` (limits.ts). */
export function moneyUpTo(max: number) {
  return z
    .number({ message: 'must be a number' })
    .refine(Number.isFinite, { message: 'must be a finite number' })
    .refine((n) => Math.abs(n) <= max, { message: `must be at most ${formatLimit(max)}`, abort: true })
    .refine(hasAtMostTwoDecimals, { message: 'at most two decimals' });
}
export const MoneySchema = moneyUpTo(MONEY_MAX);
export const NonNegativeMoneySchema = MoneySchema.refine((n) => n >= 0, { message: 'must be 0 or more' });
export const PositiveMoneySchema = MoneySchema.refine((n) => n > 0, { message: 'must be greater than 0' });
/** Incomes, savings, allowances: a higher ceiling than rents. */
export const FinanceMoneySchema = moneyUpTo(FINANCE_MONEY_MAX).refine((n) => n >= 0, { message: 'must be 0 or more' });

/** C0 and C1 control characters (NUL, escape...) and lone surrogates: never in a name or a line of text. */
const CONTROL = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
export const CONTROL_MESSAGE = 'must not contain control characters';

/** Free text of at most `max` characters (the message names the limit), without control characters. */
export function text(max: number, o: { multiline?: boolean } = {}) {
  return (
    z
      // a missing value is "required" (a form's empty field), anything else that is not a string "must be text"
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'is required' : 'must be text') })
      .trim()
      .max(max, { message: `at most ${max} characters` })
      // a comment may hold tabs and line breaks; nothing else of the kind
      .refine((s) => !CONTROL.test(o.multiline ? s.replace(/[\t\r\n]/g, '') : s), { message: CONTROL_MESSAGE })
  );
}
/** Required free text: not empty once trimmed. */
export const requiredText = (max: number) => text(max).refine((s) => s.length > 0, { message: 'is required' });

export const EmailSchema = z
  .email({ message: 'must be a valid email address' })
  .max(TEXT_MAX.email, { message: `at most ${TEXT_MAX.email} characters` });

export const NameSchema = requiredText(TEXT_MAX.name);

/** Shared phone object (spec 2.1). The misspellings are part of the contract. */
export const PhoneSchema = z.object({
  phoneContryCode: z.string().regex(/^[A-Z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 code such as FR' }),
  phoneOrigin: text(30).optional(),
  phoneFormated: z.string().regex(/^\+[1-9]\d{6,14}$/, { message: 'must be in international E.164 form, e.g. +33612345678' }),
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

export const MetadataSchema = z.record(z.string(), z.string().max(TEXT_MAX.metadata));
/** Metadata of a request body: named keys of at most 100 characters, any other key at most 500, no control characters. */
export function metadataOf<K extends string>(keys: readonly K[]) {
  return z
    .object(
      Object.fromEntries(keys.map((k) => [k, text(TEXT_MAX.reference).optional()])) as Record<K, z.ZodOptional<ReturnType<typeof text>>>,
    )
    .catchall(text(TEXT_MAX.metadata))
    .refine((m) => Object.keys(m).length <= 20, { message: 'at most 20 keys' })
    .refine((m) => Object.keys(m).every((k) => k.length <= 50 && !CONTROL.test(k)), {
      message: 'keys: at most 50 characters, no control characters',
    });
}

/** Query of the paginated lists: page from 1, pageSize default 20, at most 100. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

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
