import {
  ADULT_AGE_YEARS,
  CLAIM_FIRST_MONTH_MAX_AGE_MONTHS,
  CLAIM_HISTORY_MAX_MONTHS,
  DATE_MAX,
  DATE_MIN,
  FINANCE_MONEY_MAX,
  LEASE_MAX_YEARS,
  LEASE_START_MAX_AHEAD_MONTHS,
  MONEY_MAX,
  PAYMENT_DATE_MAX_AHEAD_DAYS,
  SANDBOX_CLOCK_MAX_YEARS,
  TEXT_MAX,
} from '../contract/limits.js';
import { DECLARATION_DEADLINE_DAYS } from './domain/deadlines.js';

const n = (x: number) => x.toLocaleString('en-US');

/** Prose of the sandbox's OpenAPI description: the decisions taken where the spec says "not shown". */
export const API_DESCRIPTION = `
Stand-in for the rental guarantee partner service (claims v1, guarantee projects v3), faithful to the
partner API specification and to the sandbox contract. Sandbox-only keys: \`sk_sandbox_demo_agency\`
(Demo Agency) and \`sk_sandbox_other_agency\` (Other Agency).

**Errors**: \`{ code, message, requestId, details? }\`, with an \`X-Request-Id\` header on every answer.
Validation failures are 400 \`INVALID_REQUEST\` with \`details\`; business rules answer their E-code.

**Limits** (where the spec gives none; refused with 400 \`INVALID_REQUEST\`, the message naming the limit; "today" is
the sandbox clock): every date from ${DATE_MIN} to ${DATE_MAX}; a tenant's or referent's date of birth at least
${ADULT_AGE_YEARS} years ago; a claim's first unpaid month (\`rentDueDate\` of the creation) at most ${CLAIM_FIRST_MONTH_MAX_AGE_MONTHS} months
back, because rent arrears are time-barred after 3 years (loi du 6 juillet 1989, art. 7-1); later months, payment
and "received" dates at most ${CLAIM_HISTORY_MAX_MONTHS / 12} years back, payments at most ${PAYMENT_DATE_MAX_AHEAD_DAYS} days ahead; a lease starts
today to ${LEASE_START_MAX_AHEAD_MONTHS} months ahead and its theoretical end is at most ${LEASE_MAX_YEARS} years after its start; the back
office clock stays within ${SANDBOX_CLOCK_MAX_YEARS} years of the real date. Amounts: finite JSON numbers, two decimals at most,
non-negative (rents and payments greater than 0), at most ${n(MONEY_MAX)} € (rents, deposits, payments) or ${n(FINANCE_MONEY_MAX)} €
(incomes, savings, allowances). Text: names at most ${TEXT_MAX.name} characters, e-mails ${TEXT_MAX.email}, company names and streets
${TEXT_MAX.street}, cities ${TEXT_MAX.city}, references ${TEXT_MAX.reference}, other metadata values ${TEXT_MAX.metadata}, a document's comment
${n(TEXT_MAX.comment)} (longer is refused, never cut); no control characters (NUL, escape...; a comment may hold line breaks).
Names in any script print on the certificate (Noto Sans and Noto Sans SC; a character no font has, such as an emoji,
prints as its code point, e.g. [U+1F600]). Bodies: 1 MB of JSON, 10 MB of file; a body arriving slower than 1 KB/s
over 30 s, or taking more than 10 minutes, is cut with 408 \`REQUEST_TIMEOUT\`; a malformed multipart form is a 400.

**Scoring** (deterministic): resources = income (pension for the retired) + bonuses + social security +
family allowances + alimony + land income + unemployment benefit + maternity leave + savings / 24;
score = floor(resources × factor / 3), capped at 3,000; factor 1 (tenured, permanent, military, retired),
0.9 / 0.75 / 0.6 (CDD and interim: > 6 months / < 6 months / trial), 0.85 (self-employed 7-11),
0.6 (job seeking), 0.5 (a student's own income). A student's project is scored on the referent's finance.
Eligible when score ≥ 250; creation below is refused with \`NOT_ELIGIBLE\`.

**Project documents**: required per tenant status (identity 1, tax notice 2, proof of address 5 always;
payslips 3 for employees; employment contract 4 for contracts; business statement 10 for the
self-employed; pension statement 9 for the retired; student card 6, referent identity 7 and referent
income 8 for a student). Type 11 (other) is also accepted. Files: PDF, JPEG, PNG, GIF by content, 10 MB.
When the manager rejects the documents (back office, with a reason and optionally the refused types), the
refused files list with \`refused: true\` and their type reads \`provided: false, refused: true\` in the
required list until a new file of it is added: apply answers \`DOCUMENTS_MISSING\` until then. The reason is
the project's \`rejectionReason\`, which also carries why a project was found not eligible (status 14).

**Claim documents**: types 1 signed lease, 2 tenant account statement, 3 formal notice (required),
4 rent reminder letter, 5 other. Same file rules as projects.

**Claim creation**: on an active project (else \`PROJECT_NOT_ACTIVE\`); its first unpaid month is not
before the month the lease starts: no rent was due before (400 \`INVALID_REQUEST\`, detail on \`rentDueDate\`
with rule \`beforeLeaseStart\` and the lease start).

**Claim lifecycle**: created in 10 (awaiting documents); apply → 20 with every required document
(else \`DOCUMENTS_MISSING\`, status unchanged); back office validate → 30. Claims in 140, 150, 160 are
no longer active: nothing can be changed (E0200) and a new claim may be opened on the project.

**Rental debts**: one per month, declared in order (E0188), not in the future (E0201). Statuses:
13 while the claim is not validated; 30 when the rent is more than 10% above the claim's first rent
(14 for the months after it); 20 for the month awaiting the guarantor's payment, 12 after a month
awaiting payment, 11 after a month whose receipt awaits signature; 41 / 40 once the guarantor paid
part / all; 50 when the tenant covered the month; 42 when more than the rent came in.
Status 0 is never produced by the sandbox. Receipts: 1 pending signature, 2 signed.

**Declaration deadline** (statuses 60 and 31; the spec names them, not their rule): a month is to be declared
within ${DECLARATION_DEADLINE_DAYS} days of its due date (on the claim's day), or of the claim's opening when the claim was
opened later (the months already past when a claim is opened get the same time). An open claim's month not declared
by then lists as 60 (VirtualPostLimitDate) instead of 10, still with \`id: null\`; it can still be declared, in order, and
is then 31 (BlockedLateDeclaration), the months declared after it 14 (PendingPreviousBlocked), until the back office
\`POST /sandbox/claims/{id}/rentaldebts/{rentalDebtId}/unblock\` accepts it (it then takes the status its amounts give;
a month not blocked answers E0200). A month declared in time is never blocked later. Every date is the sandbox clock's.
A declared month's amount can be corrected until the guarantor paid it (then E0225); its month never. A correction
changes that month's amount alone: what it still owes follows (what came in beyond the new rent is overpaid, 42), no
tenant payment moves, and a month blocked for a late declaration stays blocked unless what came in covers it.

**Tenant payments**: a payment goes to the month of its apply date; what that month does not need
is spread over the other unpaid months, oldest first; the rest stays on it (overpaid; on the last
declared month when the apply month is not declared). Each payment lists its allocations. A
payment's allocation is fixed when it is recorded, over the months declared then: declaring later
months, or correcting a month's amount, never moves it. Only a change to that payment (PUT: it is
spread again over what the months owe without it) or its deletion (its shares are removed, the other
payments stay where they are) changes allocations.
Creating a claim with part of the rent received records one tenant payment. A payment applies to a month of the lease:
an apply date before the month the lease starts is refused (400 \`INVALID_REQUEST\`, detail on \`applyDate\` with rule
\`beforeLeaseStart\` and the lease start), on add and update.

**Webhooks** (Standard Webhooks signature): project.created (create), project.updated (every status
change, document added or deleted), claim.created (create claim), claim.updated (apply, back-office
status changes), rental_debt.created (create claim, add rental debt), rental_debt.updated (update
rental debt, any month whose status changes after a payment, a status change, a guarantor
payment or a signature, and any month whose share of the tenant's payments changes), rental_debt.receipt.pending_signature (guarantor pays),
rental_debt.receipt.signed (receipt signed). Retries after 1 s, 5 s, 30 s, 2 min, 10 min, 1 h.
`;
