import { z } from 'zod';
import type { AuditDetails } from '../../contract/audit.js';
import { AUDITED_FORWARDED } from '../../contract/audit.js';
import type { OperationId } from '../../contract/paths.js';

type Forwarded = (typeof AUDITED_FORWARDED)[number];

/** What a forwarded write tells about itself: the request's path parameters and checked body, the file sent. */
export interface WriteInput {
  params: readonly string[];
  /** The JSON body, already checked against the operation's contract schema (undefined for none). */
  body: unknown;
  /** An upload's checked fields. */
  upload?: { fileName: string; documentType: string | null };
  /** What the write changes or removes, as the partner had it before (a tenant payment changed or deleted). */
  before?: unknown;
}

/** Where a write happened and what identifies it; `fromAnswer`: what only the partner's answer says (a new id). */
export interface WriteTrace {
  projectId: string | null;
  claimId: string | null;
  details: AuditDetails;
  fromAnswer?: (answer: unknown) => { projectId?: string; claimId?: string; details?: AuditDetails };
}

const Obj = z.record(z.string(), z.unknown());
const field = (body: unknown, name: string): string | number | undefined => {
  const o = Obj.safeParse(body);
  const v = o.success ? o.data[name] : undefined;
  return typeof v === 'string' || typeof v === 'number' ? v : undefined;
};
/** A rent's month (yyyy-mm) from its due date. */
const monthOf = (body: unknown): string | undefined => {
  const d = field(body, 'rentDueDate');
  return typeof d === 'string' ? d.slice(0, 7) : undefined;
};
const Created = z.object({ id: z.string() });
const createdId = (answer: unknown): string | undefined => {
  const r = Created.safeParse(answer);
  return r.success ? r.data.id : undefined;
};
/** Only the values present (a body field left out is not recorded as "undefined"). */
const only = (o: Record<string, string | number | null | undefined>): AuditDetails =>
  Object.fromEntries(Object.entries(o).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== null));

const onProject = (i: WriteInput, details: AuditDetails = {}): WriteTrace => ({ projectId: i.params[0] ?? null, claimId: null, details });
const onClaim = (i: WriteInput, details: AuditDetails = {}): WriteTrace => ({ projectId: null, claimId: i.params[0] ?? null, details });
const file = (i: WriteInput) => only({ documentType: i.upload?.documentType, fileName: i.upload?.fileName });
/** A declared month: its month and rent, and what the tenant had already paid of it and when (none when nothing was). */
const declared = (i: WriteInput) => {
  const received = field(i.body, 'rentAmountReceived');
  return only({
    month: monthOf(i.body),
    rentAmount: field(i.body, 'rentAmount'),
    ...(typeof received === 'number' && received > 0
      ? { rentAmountReceived: received, rentAmountReceivedDate: field(i.body, 'rentAmountReceivedDate') }
      : {}),
  });
};

/**
 * Per forwarded write: the project and claim it concerns and the few values that identify the
 * change (month and amount of a declaration with what the tenant had paid of it and when, amount
 * and date of a payment, and what they were before a change or a deletion, type and name of a file). Never a whole body: no names, addresses or e-mails of tenants and owners.
 */
export const WRITE_TRACES = {
  createProject: () => ({
    projectId: null,
    claimId: null,
    details: {},
    fromAnswer: (a) => {
      const id = createdId(a);
      return id ? { projectId: id } : {};
    },
  }),
  addProjectDocument: (i) => onProject(i, file(i)),
  deleteProjectDocument: (i) => onProject(i, only({ documentId: i.params[1] })),
  applyProject: (i) => onProject(i),
  addRentalInformation: (i) => onProject(i, only({ rentAmount: field(i.body, 'rentAmount'), startLease: field(i.body, 'startLease') })),
  createClaim: (i) => ({
    projectId: i.params[0] ?? null,
    claimId: null,
    details: declared(i),
    fromAnswer: (a) => {
      const id = createdId(a);
      return id ? { claimId: id } : {};
    },
  }),
  addClaimDocument: (i) => onClaim(i, file(i)),
  applyClaim: (i) => onClaim(i),
  addRentalDebt: (i) => ({
    ...onClaim(i, declared(i)),
    fromAnswer: (a) => ({ details: only({ rentalDebtId: createdId(a) }) }),
  }),
  updateRentalDebt: (i) => onClaim(i, only({ rentalDebtId: i.params[1], month: monthOf(i.body), rentAmount: field(i.body, 'rentAmount') })),
  addPayment: (i) => ({
    ...onClaim(i, only({ amount: field(i.body, 'amount'), applyDate: field(i.body, 'applyDate') })),
    fromAnswer: (a) => ({ details: only({ paymentId: createdId(a) }) }),
  }),
  updatePayment: (i) =>
    onClaim(
      i,
      only({
        paymentId: i.params[1],
        amount: field(i.body, 'amount'),
        applyDate: field(i.body, 'applyDate'),
        previousAmount: field(i.before, 'amount'),
        previousApplyDate: field(i.before, 'applyDate'),
      }),
    ),
  // which payment it was: its amount and date as the partner had them
  deletePayment: (i) =>
    onClaim(i, only({ paymentId: i.params[1], amount: field(i.before, 'amount'), applyDate: field(i.before, 'applyDate') })),
} satisfies Record<Forwarded, (i: WriteInput) => WriteTrace>;

export function isAuditedWrite(id: OperationId | string): id is Forwarded {
  return (AUDITED_FORWARDED as readonly string[]).includes(id);
}
