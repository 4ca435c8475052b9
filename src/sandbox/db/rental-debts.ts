import { all, inserter, one, run, type Db } from './database.js';

/** A row of `rental_debts`: one declared month of a claim, amounts in cents. */
export interface DebtRow {
  id: string;
  claim_id: string;
  month: string;
  rent_due_date: string;
  rent_amount: number;
  received: number;
  received_date: string | null;
  guarantor_paid: number;
  status: number;
  receipt_status: number | null;
  receipt_signed_at: string | null;
  created_at: string;
  /** 1: declared past its deadline and not unblocked yet (status 31). */
  late_declaration: number;
}

export const debtsOfClaim = (db: Db, claimId: string): DebtRow[] =>
  all<DebtRow>(db, 'SELECT * FROM rental_debts WHERE claim_id = ? ORDER BY month', claimId);

export const findDebtOfClaim = (db: Db, claimId: string, debtId: string): DebtRow | undefined =>
  one<DebtRow>(db, 'SELECT * FROM rental_debts WHERE id = ? AND claim_id = ?', debtId, claimId);

/** The last declared month (yyyy-MM) of a claim, or null. */
export const lastDeclaredMonth = (db: Db, claimId: string): string | null =>
  one<{ month: string | null }>(db, 'SELECT MAX(month) AS month FROM rental_debts WHERE claim_id = ?', claimId)?.month ?? null;

type NewDebt = Pick<
  DebtRow,
  'id' | 'claim_id' | 'month' | 'rent_due_date' | 'rent_amount' | 'received' | 'received_date' | 'status' | 'created_at'
>;
const insertDebtRow = inserter<NewDebt & { updated_at: string }>('rental_debts', [
  'id',
  'claim_id',
  'month',
  'rent_due_date',
  'rent_amount',
  'received',
  'received_date',
  'status',
  'created_at',
  'updated_at',
]);
/** A declared month, updated when created. */
export const insertDebt = (db: Db, d: NewDebt): void => insertDebtRow(db, { ...d, updated_at: d.created_at });

/** Marks a month declared past its deadline (blocked), or clears it (the back office unblocks it). */
export const setLateDeclaration = (db: Db, id: string, late: boolean, updatedAt: string): number =>
  run(db, 'UPDATE rental_debts SET late_declaration = ?, updated_at = ? WHERE id = ?', late ? 1 : 0, updatedAt, id);

export const updateDebtStatus = (db: Db, id: string, status: number, updatedAt: string): number =>
  run(db, 'UPDATE rental_debts SET status = ?, updated_at = ? WHERE id = ?', status, updatedAt, id);

export const updateDebtRent = (db: Db, id: string, rentDueDate: string, rentAmount: number, updatedAt: string): number =>
  run(
    db,
    'UPDATE rental_debts SET rent_due_date = ?, rent_amount = ?, updated_at = ? WHERE id = ?',
    rentDueDate,
    rentAmount,
    updatedAt,
    id,
  );

/** The guarantor pays `cents` more on the month; its receipt (again) awaits signature. */
export const addGuarantorPayment = (db: Db, id: string, cents: number, receiptStatus: number, updatedAt: string): number =>
  run(
    db,
    'UPDATE rental_debts SET guarantor_paid = guarantor_paid + ?, receipt_status = ?, receipt_signed_at = NULL, updated_at = ? WHERE id = ?',
    cents,
    receiptStatus,
    updatedAt,
    id,
  );

export const setDebtReceipt = (db: Db, id: string, receiptStatus: number, at: string): number =>
  run(db, 'UPDATE rental_debts SET receipt_status = ?, receipt_signed_at = ?, updated_at = ? WHERE id = ?', receiptStatus, at, at, id);
