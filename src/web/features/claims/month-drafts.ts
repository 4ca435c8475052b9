import { isoMonth } from '../../lib/dates.js';

/**
 * The drafts' names of a month's forms, apart from the forms: the timeline asks whether one is kept
 * (to open its form again) before any form's code is loaded.
 */

/** The draft of a month's declaration. */
export const declarationDraft = (claimId: string, month: string) => `declare:${claimId}:${isoMonth(month)}`;

/** The draft of a month's correction. */
export const correctionDraft = (claimId: string, debtId: string) => `correct:${claimId}:${debtId}`;
