import type { Claim, RentalDebt } from '../../contract/claims.js';
import { legalInfo } from '../../contract/test-bodies.js';
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

/** An open claim (validated) whose first unpaid rent was due on `rentDueDate`, valid by the contract's schema. */
export const openClaim = (lastName: string, rentDueDate: string): Claim => ({
  id: id(),
  projectId: id(),
  status: 30,
  createdAt: '2026-01-10T08:00:00.000Z',
  updatedAt: '2026-01-10T08:00:00.000Z',
  rentDueDate,
  rentAmount: 800,
  rentAmountReceived: 0,
  rentAmountReceivedDate: null,
  legalInfo,
  mainOwnerEmail: 'owner@exemple.fr',
  ownerEmailsBcc: [],
  metadata: {},
  tenant: { firstName: 'Ana', lastName, email: `${lastName.toLowerCase()}@exemple.fr` },
  property: null,
  amountOutstanding: 0,
});
