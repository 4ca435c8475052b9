import { describe, expect, it } from 'vitest';
import { AUDIT_PENDING, type AuditRecord } from '../../../../contract/audit.js';
import type { Lang } from '../../../../contract/enums.js';
import { i18n } from '../../../lib/i18n.js';
import { detailsInWords, historySentence, refusal } from './sentence.js';

const record = (over: Partial<AuditRecord>): AuditRecord => ({
  seq: 1,
  at: '2026-11-20T09:00:00.000Z',
  actorId: 'manager@demo-agency.fr',
  actorName: 'Marion Manager',
  actorRole: 'manager',
  operation: 'signIn',
  projectId: null,
  claimId: null,
  tenant: null,
  details: {},
  result: 'success',
  status: 200,
  requestId: 'r1',
  address: '127.0.0.1',
  ...over,
});
// (amounts are spaced with no-break spaces, as Intl writes them: read as plain spaces here)
const words = (r: AuditRecord, lang: Lang = 'fr') =>
  detailsInWords(r, i18n.getFixedT(lang), lang).map((w) => w.replace(/[\u00a0\u202f]/g, ' '));

describe('an audit record in words', () => {
  it('says a declaration’s month, rent and what the tenant had paid, with the currency, and no id', () => {
    const r = record({
      operation: 'addRentalDebt',
      details: { month: '2026-04', rentAmount: 780, rentAmountReceived: 100, rentAmountReceivedDate: '2026-04-10', rentalDebtId: 'a1b2' },
    });
    expect(words(r)).toEqual(['Mois : avril 2026', 'Loyer : 780,00 €', 'Déjà reçu du locataire : 100,00 €', 'Reçu le : 10/04/2026']);
    expect(words(r, 'en')).toEqual([
      'Month: April 2026',
      'Rent: €780.00',
      'Already received from the tenant: €100.00',
      'Received on: 10/04/2026',
    ]);
  });

  it('says a role change from what to what, in role names', () => {
    const r = record({ operation: 'changeRole', details: { user: 'claire@demo-agency.fr', role: 'manager', from: 'staff' } });
    expect(words(r)).toEqual(['Compte : claire@demo-agency.fr', 'Rôle : Collaborateur → Responsable']);
    expect(words(r, 'en')).toEqual(['Account: claire@demo-agency.fr', 'Role: Staff → Manager']);
  });

  it('names a document’s type for its file, and an export’s statuses for its list', () => {
    expect(words(record({ operation: 'addClaimDocument', details: { documentType: '1', fileName: 'bail.pdf' } }))).toEqual([
      'Type : Bail signé',
      'Fichier : « bail.pdf »',
    ]);
    expect(words(record({ operation: 'addProjectDocument', details: { documentType: '1' } }))).toEqual(["Type : Pièce d'identité"]);
    expect(words(record({ operation: 'exportClaims', details: { status: '10,20' } }), 'en')[0]).toMatch(/^Statuses: [^0-9]+, [^0-9]+$/);
  });

  it('keeps a detail no sentence knows yet, as it is (the trail hides nothing)', () => {
    expect(words(record({ operation: 'backOffice', details: { newThing: 'x' } }))).toEqual(['newThing : x']);
  });

  it('says a refusal as the catalogue says it to users, and an unknown code as it is', () => {
    expect(refusal('INVALID_CREDENTIALS', 'fr')).not.toBe('INVALID_CREDENTIALS');
    expect(refusal('INVALID_CREDENTIALS', 'fr')).toMatch(/mot de passe/i);
    expect(refusal('SOMETHING_NEW', 'en')).toBe('SOMETHING_NEW');
  });

  it('says a partner write sent whose outcome is not recorded as such, neither done nor refused', () => {
    const r = record({ operation: 'addPayment', result: AUDIT_PENDING, status: 0, details: { amount: 300, applyDate: '2026-06-01' } });
    const fr = historySentence(r, i18n.getFixedT('fr'), 'fr').replace(/[\u00a0\u202f]/g, ' ');
    expect(fr).toMatch(
      /^Paiement de 300,00 € .* par Marion Manager le .* — envoyé au service partenaire, résultat inconnu : vérifiez le dossier$/,
    );
    expect(fr).not.toMatch(/refusé/);
    expect(historySentence(r, i18n.getFixedT('en'), 'en')).toMatch(/— sent to the partner service, outcome unknown: check the file$/);
  });

  it('says which backup a restore put back, and when it was made', () => {
    const r = record({ operation: 'restoreBackup', details: { backupMadeAt: '2026-11-20T09:00:00.000Z', fileName: 'dashboard.backup' } });
    const [made, file] = words(r);
    expect(made).toMatch(/^Sauvegarde du 20\/11\/2026 \d\d:\d\d:\d\d$/);
    expect(file).toBe('Fichier : « dashboard.backup »');
    expect(words(r, 'en')[0]).toMatch(/^Backup made 20\/11\/2026 /);
  });
});
