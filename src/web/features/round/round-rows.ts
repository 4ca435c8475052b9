import { makeRentalDebtCreateBodySchema, type RentalDebtCreateBody } from '../../../contract/claims.js';
import type { RoundRow } from '../../../contract/round.js';
import type { Lang } from '../../../contract/enums.js';
import { readAmount } from '../../../contract/money.js';
import { ruleOf } from '../../../contract/rules.js';
import { encodeRule } from '../../lib/validation-messages.js';

/** What the user typed in a row: the rent and what the tenant paid of it, as text (a comma is a decimal point). */
export interface RowInput {
  rent: string;
  received: string;
  receivedDate: string;
}

/** A row's inputs as prefilled: the rent of the claim's last declared month, nothing received. */
export const prefill = (row: RoundRow): RowInput => ({ rent: String(row.rentAmount), received: '0', receivedDate: '' });

/**
 * A typed amount ("1 234,5") as a number, read as every amount field of the app reads it (the
 * contract's readAmount: "4e2" or "1e300" are no amounts); empty or unreadable: NaN (the schema
 * then says what to fix).
 */
export const toNumber = (text: string, lang: Lang): number => readAmount(text, lang) ?? Number.NaN;

export type FieldErrors = Partial<Record<'rentAmount' | 'rentAmountReceived' | 'rentAmountReceivedDate' | 'rentDueDate', string>>;

/** The contract's rules of a declared month with "today" (the same the server and the partner apply): one for all the rows checked at once. */
export type MonthRules = ReturnType<typeof makeRentalDebtCreateBodySchema>;
export const monthRules = (today: string): MonthRules => makeRentalDebtCreateBodySchema(today);

/** The body declaring `rentDueDate` with a row's inputs, checked with the month's rules, or the errors per field. */
export function bodyFor(
  input: RowInput,
  rentDueDate: string,
  rules: MonthRules,
  lang: Lang,
): { ok: true; body: RentalDebtCreateBody } | { ok: false; errors: FieldErrors } {
  const received = input.received.trim() === '' ? 0 : toNumber(input.received, lang);
  const raw = {
    rentDueDate,
    rentAmount: toNumber(input.rent, lang),
    rentAmountReceived: received,
    ...(received > 0 || input.receivedDate ? { rentAmountReceivedDate: input.receivedDate || null } : {}),
  };
  const parsed = rules.safeParse(raw);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'rentAmount' || field === 'rentAmountReceived' || field === 'rentAmountReceivedDate' || field === 'rentDueDate')
      errors[field] ??= encodeRule(ruleOf(issue)); // the rule, rendered in the UI language when shown (as the forms do)
  }
  return { ok: false, errors };
}

/** The control total of the rows about to be declared: rents, received from the tenants, outstanding. */
export function controlTotal(bodies: readonly RentalDebtCreateBody[]): {
  months: number;
  rents: number;
  received: number;
  outstanding: number;
} {
  const cents = (n: number) => Math.round(n * 100);
  const rents = bodies.reduce((s, b) => s + cents(b.rentAmount), 0);
  const received = bodies.reduce((s, b) => s + cents(b.rentAmountReceived), 0);
  return { months: bodies.length, rents: rents / 100, received: received / 100, outstanding: (rents - received) / 100 };
}
