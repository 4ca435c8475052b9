import { describe, expect, it } from 'vitest';
import { AUDIT_PENDING, type AuditRecord } from '../../../../contract/audit.js';
import { auditRecord } from '../../../../contract/test-bodies.js';
import { i18n } from '../../../lib/i18n.js';
import { historySentence } from './sentence.js';

// a payment recorded in April, as the history shows it
const record = (over: Partial<AuditRecord>): AuditRecord =>
  auditRecord({ at: '2026-04-03T08:12:00.000Z', actorId: 'marion@demo-agency.fr', operation: 'addPayment', requestId: 'r', ...over });

describe('a file’s history line', () => {
  it('says a partner write sent whose outcome is not recorded as such, neither done nor refused', () => {
    const r = record({ operation: 'addPayment', result: AUDIT_PENDING, status: 0, details: { amount: 300, applyDate: '2026-06-01' } });
    const fr = historySentence(r, i18n.getFixedT('fr'), 'fr').replace(/[\u00a0\u202f]/g, ' ');
    expect(fr).toMatch(
      /^Paiement de 300,00 € .* par Marion Manager le .* — envoyé au service partenaire, résultat inconnu : vérifiez le dossier$/,
    );
    expect(fr).not.toMatch(/refusé/);
    expect(historySentence(r, i18n.getFixedT('en'), 'en')).toMatch(/— sent to the partner service, outcome unknown: check the file$/);
  });
});
