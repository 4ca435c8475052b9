import { all, inserter, one, run, type Db } from './database.js';

/** A row of `tenant_payments`, amount in cents; `seq` orders a claim's payments. */
export interface PaymentRow {
  id: string;
  claim_id: string;
  amount: number;
  apply_date: string;
  created_at: string;
  seq: number;
  /** Its shares of the months as fixed when spread (JSON [{debtId, amount}]), null while not spread yet. */
  spread?: string | null;
}

export const paymentsOfClaim = (db: Db, claimId: string): PaymentRow[] =>
  all<PaymentRow>(db, 'SELECT * FROM tenant_payments WHERE claim_id = ? ORDER BY seq', claimId);

export const findPaymentOfClaim = (db: Db, claimId: string, paymentId: string): PaymentRow | undefined =>
  one<PaymentRow>(db, 'SELECT * FROM tenant_payments WHERE id = ? AND claim_id = ?', paymentId, claimId);

/** The next `seq` of a claim's payments (1 for the first). */
export const nextPaymentSeq = (db: Db, claimId: string): number =>
  (one<{ s: number | null }>(db, 'SELECT MAX(seq) AS s FROM tenant_payments WHERE claim_id = ?', claimId)?.s ?? 0) + 1;

export const insertPayment = inserter<PaymentRow>('tenant_payments', ['id', 'claim_id', 'amount', 'apply_date', 'created_at', 'seq']);

/** A changed payment is spread again (its shares cleared). */
export const updatePaymentRow = (db: Db, id: string, amount: number, applyDate: string): number =>
  run(db, 'UPDATE tenant_payments SET amount = ?, apply_date = ?, spread = NULL WHERE id = ?', amount, applyDate, id);

export const setPaymentSpread = (db: Db, id: string, spread: string): number =>
  run(db, 'UPDATE tenant_payments SET spread = ? WHERE id = ?', spread, id);

export const deletePaymentRow = (db: Db, id: string): number => run(db, 'DELETE FROM tenant_payments WHERE id = ?', id);
