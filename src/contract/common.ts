import { z } from 'zod';

/** Identifiers of projects, claims, rental debts, payments, documents: GUID strings. */
export const GuidSchema = z.guid({ message: 'must be a GUID' });
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
  .refine(isIsoDate, { message: 'must be a valid date written yyyy-MM-dd' });
export type IsoDate = z.infer<typeof IsoDateSchema>;

export const TimestampSchema = z.string().describe('ISO 8601 timestamp, UTC');

/** Money: a finite JSON number of euros, at most two decimals. */
export const MoneySchema = z
  .number({ message: 'must be a number' })
  .refine(Number.isFinite, { message: 'must be a finite number' })
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: 'at most two decimals' });
export const NonNegativeMoneySchema = MoneySchema.refine((n) => n >= 0, { message: 'must be 0 or more' });
export const PositiveMoneySchema = MoneySchema.refine((n) => n > 0, { message: 'must be greater than 0' });

export const EmailSchema = z.email({ message: 'must be a valid email address' }).max(254);

export const NameSchema = z.string().trim().min(1, { message: 'is required' }).max(100);

/** Shared phone object (spec 2.1). The misspellings are part of the contract. */
export const PhoneSchema = z.object({
  phoneContryCode: z.string().regex(/^[A-Z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 code such as FR' }),
  phoneOrigin: z.string().max(30).optional(),
  phoneFormated: z.string().regex(/^\+[1-9]\d{6,14}$/, { message: 'must be in international E.164 form, e.g. +33612345678' }),
});
export type Phone = z.infer<typeof PhoneSchema>;

export const AddressSchema = z.object({
  country: z.string().trim().min(1, { message: 'is required' }).max(60),
  address: z.string().trim().min(1, { message: 'is required' }).max(200),
  zipCode: z.string().trim().min(1, { message: 'is required' }).max(20),
  city: z.string().trim().min(1, { message: 'is required' }).max(100),
  additionalAddress: z.string().max(200).optional(),
});
export type Address = z.infer<typeof AddressSchema>;

export const MetadataSchema = z.record(z.string(), z.string().max(500));

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
