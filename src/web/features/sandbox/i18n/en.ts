import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { sandboxFr } from './fr.js';

/** In English: the keys of fr.ts, no more, no less (checked when compiling). */
export const sandboxEn: Catalogue<typeof sandboxFr> = {
  sandbox: {
    validateDocuments: 'Validate the documents',
    rejectDocuments: 'Refuse the documents',
    rejectReason: 'Reason for the refusal',
    validateRent: 'Validate the rental',
    completePayment: 'Record the payment',
    tenantSigns: 'Tenant signs',
    ownerSigns: 'Owner signs',
    today: 'Sandbox date: {{date}}',
    plusMonth: 'Move one month ahead',
    plusDay: 'Move one day ahead',
    done: 'Done.',
    plusDayTitle: 'Move the clock one day ahead?',
    plusMonthTitle: 'Move the clock one month ahead?',
    moveText: 'The sandbox clock is shared by the whole organization: every project and claim, and every user, moves to {{date}}.',
    moveConfirm: 'Move to {{date}}',
    cancel: 'Cancel',
  },
};
