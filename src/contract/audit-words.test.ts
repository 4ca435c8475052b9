import { describe, expect, it } from 'vitest';
import { AUDIT_PENDING, type AuditRecord } from './audit.js';
import { detailsInWords, refusal, resultInWords, whatWasDone } from './audit-words.js';
import type { Lang } from './enums.js';
import { auditRecord } from './test-bodies.js';

const record = auditRecord;
// (amounts are spaced with no-break spaces, as Intl writes them: read as plain spaces here)
const words = (r: AuditRecord, lang: Lang = 'fr') => detailsInWords(r, lang).map((w) => w.replace(/[\u00a0\u202f]/g, ' '));

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

  it('says a notification e-mail choice and the digest hour in words', () => {
    expect(words(record({ operation: 'setNotificationEmail', details: { emailChoice: 'digest' } }))).toEqual([
      'E-mails : résumé quotidien',
    ]);
    expect(words(record({ operation: 'unsubscribe', details: { emailChoice: 'none' } }), 'en')).toEqual(['E-mails: none']);
    expect(words(record({ operation: 'setDigestHour', details: { hour: 8 } }), 'en')).toEqual(['Hour: 8:00']);
    expect(whatWasDone(record({ operation: 'followFile' }), 'fr')).toBe('Dossier surveillé');
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

  it('says what was done and how it ended in a sentence, in each language', () => {
    const r = record({ operation: 'addRentalDebt', details: { month: '2026-04', rentAmount: 780 }, result: 'E0203' });
    const plain = (t: string) => t.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(whatWasDone(r, 'fr'))).toBe('Mois d’avril 2026 déclaré (780,00 €)');
    expect(plain(whatWasDone(r, 'en'))).toBe('Month of April 2026 declared (€780.00)');
    expect(resultInWords(r, 'fr')).toBe(`Refusé : ${refusal('E0203', 'fr')}`);
    expect(resultInWords({ result: 'success' }, 'en')).toBe('Done');
    // a detail that is not a date is said as it is, never lost to a format
    expect(words(record({ operation: 'exportAudit', details: { from: 'not-a-date' } }))).toEqual(['Du : not-a-date']);
  });

  it('says a refusal as the catalogue says it to users, and an unknown code as it is', () => {
    expect(refusal('INVALID_CREDENTIALS', 'fr')).not.toBe('INVALID_CREDENTIALS');
    expect(refusal('INVALID_CREDENTIALS', 'fr')).toMatch(/mot de passe/i);
    expect(refusal('SOMETHING_NEW', 'en')).toBe('SOMETHING_NEW');
  });

  it('says a partner write sent whose outcome is not recorded as such, neither done nor refused', () => {
    const r = record({ operation: 'addPayment', result: AUDIT_PENDING, status: 0, details: { amount: 300, applyDate: '2026-06-01' } });
    expect(resultInWords(r, 'fr')).toBe(
      'Envoyé au service partenaire, résultat inconnu (réponse attendue, ou non enregistrée) : vérifiez le dossier',
    );
    expect(resultInWords(r, 'en')).toBe(
      'Sent to the partner service, outcome unknown (its answer awaited, or not recorded): check the file',
    );
  });

  it('says which backup a restore put back, and when it was made', () => {
    const r = record({ operation: 'restoreBackup', details: { backupMadeAt: '2026-11-20T09:00:00.000Z', fileName: 'dashboard.backup' } });
    const [made, file] = words(r);
    expect(made).toMatch(/^Sauvegarde du 20 novembre 2026 à \d\d:\d\d:\d\d$/);
    expect(file).toBe('Fichier : « dashboard.backup »');
    expect(words(r, 'en')[0]).toMatch(/^Backup made 20 November 2026 at /);
  });
});

describe('a tenant payment changed or deleted, in words', () => {
  const said = (r: AuditRecord, lang: Lang = 'fr') => whatWasDone(r, lang).replace(/[\u00a0\u202f]/g, ' ');
  it('says which payment it was and what it became', () => {
    const changed = record({
      operation: 'updatePayment',
      details: { paymentId: 'p1', amount: 200, applyDate: '2027-02-06', previousAmount: 190, previousApplyDate: '2027-02-05' },
    });
    expect(said(changed)).toBe('Paiement de 190,00 € du 05/02/2027 modifié : 200,00 € du 06/02/2027');
    expect(said(changed, 'en')).toBe('Payment of €190.00 on 05/02/2027 changed: €200.00 on 06/02/2027');
    expect(words(changed).map((w) => w.replace(/[\u00a0\u202f]/g, ' '))).toEqual([
      'Montant : 200,00 €',
      'Date d’imputation : 06/02/2027',
      'Montant avant : 190,00 €',
      'Date d’imputation avant : 05/02/2027',
    ]);
    const deleted = record({ operation: 'deletePayment', details: { paymentId: 'p1', amount: 190, applyDate: '2027-02-05' } });
    expect(said(deleted)).toBe('Paiement de 190,00 € du 05/02/2027 supprimé');
    expect(said(deleted, 'en')).toBe('Payment of €190.00 on 05/02/2027 deleted');
  });
});

describe('a tenant payment looked up after an interrupted send, in words', () => {
  const said = (r: AuditRecord, lang: Lang = 'fr') => whatWasDone(r, lang).replace(/[\u00a0\u202f]/g, ' ');
  const check = (arrived: boolean) =>
    record({
      operation: 'checkPayment',
      actorRole: 'staff',
      details: { amount: 120.5, applyDate: '2026-11-05', attemptAt: '2026-11-20T09:00:00.000Z', arrived, paymentId: 'a1b2' },
    });
  it('says what was found: the payment arrived (not sent again), or did not', () => {
    expect(said(check(true))).toBe(
      'Paiement de 120,50 € du 05/11/2026 retrouvé chez le partenaire après un envoi interrompu : il est arrivé, il n’est pas renvoyé',
    );
    expect(said(check(false), 'en')).toMatch(
      /^Payment of €120\.50 on .+ not found at the partner after an interrupted send: it did not arrive$/,
    );
  });
  it('says when the interrupted send began and whether it arrived, and no id', () => {
    const [amount, date, began, arrived] = words(check(false));
    expect([amount, date]).toEqual(['Montant : 120,50 €', 'Date d’imputation : 05/11/2026']);
    expect(began).toMatch(/^Envoi interrompu commencé le 20 novembre 2026 à \d\d:\d\d:\d\d$/);
    expect(arrived).toBe('Arrivé chez le partenaire : non');
    expect(words(check(true), 'en')).toContain('Arrived at the partner: yes');
    expect(words(check(true)).join(' ')).not.toContain('a1b2');
  });
});
