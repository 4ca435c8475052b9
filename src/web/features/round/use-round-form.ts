import { useEffect, useLayoutEffect } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import type { RoundRow } from '../../../contract/round.js';
import type { RentalDebtCreateBody } from '../../../contract/claims.js';
import { draftOwner, readDraft, removeDraft, saveDraft } from '../../lib/drafts.js';
import { useLang } from '../../lib/i18n.js';
import { bodyFor, monthRules, prefill, type FieldErrors, type MonthRules, type RowInput } from './round-rows.js';
import type { RowJob } from './use-round-sender.js';

/** A row's values in the form: what was typed, for the claim and the month it was typed for. */
export interface RoundFormRow extends RowInput {
  claimId: string;
  month: string;
}
export interface RoundFormValues {
  rows: RoundFormRow[];
}
export type RoundField = keyof RowInput;

/** Where each of the contract's fields is typed in a row (a month due in the future is the row's own rent to fix). */
const FIELD_OF: Record<keyof FieldErrors, RoundField> = {
  rentAmount: 'rent',
  rentAmountReceived: 'received',
  rentAmountReceivedDate: 'receivedDate',
  rentDueDate: 'rent',
};
const FIELDS: RoundField[] = ['rent', 'received', 'receivedDate'];

export const monthKey = (row: RoundRow): string => `${row.claimId}:${row.months[0]?.rentDueDate ?? ''}`;
const formKey = (r: RoundFormRow): string => `${r.claimId}:${r.month}`;

/** The round's draft (lib/drafts.ts: this tab, this user): what was typed on each row, by claim and month. */
const DRAFT = 'round';
type RoundDraft = Record<string, RowInput>;

/** The rows whose typing differs from their prefill, by claim and month (null: nothing typed). */
function typedRows(values: readonly RoundFormRow[], rows: readonly RoundRow[]): RoundDraft | null {
  const byKey = new Map(rows.map((r) => [monthKey(r), r]));
  const typed: RoundDraft = {};
  for (const v of values) {
    const r = byKey.get(formKey(v));
    if (!r) continue;
    const first = prefill(r);
    if (v.rent !== first.rent || v.received !== first.received || v.receivedDate !== first.receivedDate)
      typed[formKey(v)] = { rent: v.rent, received: v.received, receivedDate: v.receivedDate };
  }
  return Object.keys(typed).length > 0 ? typed : null;
}

/** Keeps what was typed on the rows as the round's draft, or forgets the draft when nothing is. */
function keepDraft(values: readonly RoundFormRow[], rows: readonly RoundRow[]): void {
  const owner = draftOwner();
  if (!owner) return;
  const typed = typedRows(values, rows);
  if (typed) saveDraft(DRAFT, owner, typed);
  else removeDraft(DRAFT, owner);
}

/**
 * The round's form (react-hook-form, one entry of a field array per row): a row keeps what was
 * typed while it shows the same month, and is prefilled again once it moves to its next month.
 * What was typed is kept as the tab's draft, so a reload or a session that ends loses no amount
 * (a sign-out erases it, as every draft). Rows are checked with the contract's schema when
 * declared; the errors go to their fields.
 */
export function useRoundForm(rows: readonly RoundRow[], today: string) {
  const lang = useLang();
  const form = useForm<RoundFormValues>({ defaultValues: { rows: [] } });
  const { fields, replace } = useFieldArray({ control: form.control, name: 'rows', keyName: 'key' });
  const signature = rows.map(monthKey).join('|');
  useLayoutEffect(() => {
    const kept = new Map(form.getValues('rows').map((r) => [formKey(r), r]));
    const owner = draftOwner();
    const draft = (owner ? readDraft<RoundDraft>(DRAFT, owner) : undefined) ?? {};
    replace(
      rows.map((r) => {
        const key = monthKey(r);
        const typed = draft[key];
        return kept.get(key) ?? { claimId: r.claimId, month: r.months[0]?.rentDueDate ?? '', ...prefill(r), ...typed };
      }),
    );
    // a row that moved on to its next month (declared) leaves the draft
    if (rows.length > 0) keepDraft(form.getValues('rows'), rows);
    // the rows' months are what matters: a new answer with the same months keeps the field array as it is
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
  // what is typed on a row goes to the draft as it is typed
  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values, name }) => {
          if (name?.startsWith('rows.')) keepDraft(values.rows, rows);
        },
      }),
    [subscribe, rows],
  );
  const indexOf = new Map(fields.map((f, i) => [f.claimId, i]));

  const path = (i: number, field: RoundField) => `rows.${i}.${field}` as FieldPath<RoundFormValues>;

  /** A row's months to send (the first, or every one at its rent; what was received counts for the first only), or null after setting its errors. */
  const jobOf = (row: RoundRow, every: boolean, rules: MonthRules): RowJob | null => {
    const i = indexOf.get(row.claimId);
    if (i === undefined) return null;
    const input = form.getValues(`rows.${i}`);
    const months = every ? row.months : row.months.slice(0, 1);
    const bodies: RentalDebtCreateBody[] = [];
    // only the errors it has: clearing a field tells every subscriber of the form's state, so
    // checking 50 clean rows drew the whole round again before the dialog could open
    for (const f of FIELDS) if (form.getFieldState(path(i, f)).error) form.clearErrors(path(i, f));
    for (const [n, m] of months.entries()) {
      const result = bodyFor(n === 0 ? input : { ...input, received: '0', receivedDate: '' }, m.rentDueDate, rules, lang);
      if (!result.ok) {
        for (const [k, message] of Object.entries(result.errors) as [keyof FieldErrors, string][])
          form.setError(path(i, FIELD_OF[k]), { type: 'rule', message });
        return null;
      }
      bodies.push(result.body);
    }
    return { row, bodies };
  };

  /** The rows' jobs, or the rows to correct first (in the order shown). */
  const check = (list: readonly RoundRow[], every: boolean): { jobs: RowJob[]; invalid: RoundRow[] } => {
    const jobs: RowJob[] = [];
    const invalid: RoundRow[] = [];
    // the rules are built once for the rows checked together, not once per row
    const rules = monthRules(today);
    for (const row of list) {
      const job = jobOf(row, every, rules);
      if (job) jobs.push(job);
      else if (indexOf.has(row.claimId)) invalid.push(row);
    }
    return { jobs, invalid };
  };

  /** The first field in error of a row (to take the user there). */
  const firstError = (row: RoundRow): RoundField => {
    const i = indexOf.get(row.claimId);
    return (i === undefined ? undefined : FIELDS.find((f) => form.getFieldState(path(i, f)).error)) ?? 'rent';
  };

  const rowErrors = form.formState.errors.rows;
  const invalidCount = Array.isArray(rowErrors) ? rowErrors.filter(Boolean).length : 0;

  return { form, indexOf, check, firstError, invalidCount };
}
