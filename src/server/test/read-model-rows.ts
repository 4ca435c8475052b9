import type { RentalDebt } from '../../contract/claims.js';
import type { RequiredDocument } from '../../contract/projects.js';

/** The read model's tests: ids, months and required documents as the partner gives them. */
let n = 0;
/** A new id, unique in the test run. */
export const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

/** A month to declare (no id yet), 800 € due. */
export const month = (rentDueDate: string, over: Partial<RentalDebt> = {}): RentalDebt =>
  ({
    id: null,
    status: 10,
    rentDueDate,
    receiptStatus: null,
    rentAmount: 800,
    amountDue: 800,
    tenantPaidAmount: 0,
    guarantorPaidAmount: 0,
    ...over,
  }) as RentalDebt;

/** A declared month. */
export const declared = (rentDueDate: string, over: Partial<RentalDebt> = {}) => month(rentDueDate, { id: id(), status: 20, ...over });

/** A required document not provided. */
export const missing: RequiredDocument[] = [{ documentType: 2, name: 'Relevé', provided: false } as RequiredDocument];
