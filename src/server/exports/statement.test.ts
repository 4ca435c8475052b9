import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../sandbox/test/pdf-text.js';
import { claimFixture, monthFixture } from '../../web/test/fixtures.js';
import { statementCsv, statementOf, statementReferences } from './statement.js';
import { statementPdf } from './statement-pdf.js';

// (a server suite may read the browser's fixtures: they are the contract's shapes)
const claim = claimFixture({
  id: '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  status: 30,
  property: { address: '12 rue des Lilas', additionalAddress: 'Bât. B, appt 34', zipCode: '67000', city: 'Strasbourg', country: 'France' },
});

describe('a statement’s references', () => {
  it('name the owner (their e-mail beside) and give the whole address, flat included', () => {
    const refs = new Map(statementReferences(statementOf(claim, [], '2026-06-15T10:00:00Z', 'Paul Proprio'), 'fr'));
    expect(refs.get('Propriétaire')).toBe('Paul Proprio');
    expect(refs.get('E-mail du propriétaire')).toBe('paul@exemple.fr');
    expect(refs.get('Logement')).toBe('12 rue des Lilas, Bât. B, appt 34, 67000 Strasbourg');
  });

  it('without the lease’s owner, the e-mail the claim was declared with', () => {
    const refs = new Map(statementReferences(statementOf(claim, [], '2026-06-15T10:00:00Z', null), 'en'));
    expect(refs.get('Owner')).toBe('paul@exemple.fr');
  });
});

describe('a statement’s words', () => {
  const month = (rentDueDate: string, received: number, afterwards: number) =>
    monthFixture({
      id: '00000000-0000-4000-8000-000000000001',
      claimId: claim.id,
      status: 20,
      rentDueDate,
      rentAmount: 800,
      rentAmountReceived: received,
      rentAmountReceivedDate: received > 0 ? rentDueDate : null,
      tenantPaidAmount: afterwards,
      amountDue: 800 - received - afterwards,
    });
  // 120,50 € received when May was declared, 1 100,00 € paid afterwards: 1 220,50 € from the tenant in all
  const st = statementOf(claim, [month('2026-05-05', 120.5, 300), month('2026-06-05', 0, 800)], '2026-12-07T15:13:43Z', 'Paul Proprio');
  const plain = (t: string) => t.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');

  it('name the tenant’s two amounts apart, give their sum the claim page’s name, and say what each counts (CSV)', () => {
    const rows = parse(statementCsv(st, 'fr'), { delimiter: ';', bom: true, relax_column_count: true }) as string[][];
    const header = rows.find((r) => r[0] === 'Mois');
    expect(header?.slice(2, 7)).toEqual([
      'Loyer',
      'Reçu à la déclaration',
      'Paiements après déclaration',
      'Payé par le garant',
      'Reste dû',
    ]);
    expect(rows.find((r) => r[0] === 'Totaux')?.slice(3, 5)).toEqual(['120,50', '1100,00']);
    expect(rows).toContainEqual(['Payé par le locataire', '1220,50']);
    const legend = rows.map((r) => r[0] ?? '');
    expect(legend).toContain('Reçu à la déclaration : ce que le locataire avait déjà payé du mois quand il a été déclaré.');
    expect(legend).toContain('Paiements après déclaration : les paiements du locataire enregistrés après la déclaration, imputés au mois.');
    expect(legend).toContain('Payé par le locataire : reçu à la déclaration + paiements après déclaration.');
  });

  it('is stamped in Paris time, said so, in the CSV and the PDF, with each language’s punctuation', async () => {
    const fr = parse(statementCsv(st, 'fr'), { delimiter: ';', bom: true, relax_column_count: true }) as string[][];
    expect(fr).toContainEqual(['Généré le (heure de Paris)', '07/12/2026 16:13:43']);
    const en = parse(statementCsv(st, 'en'), { bom: true, relax_column_count: true }) as string[][];
    expect(en).toContainEqual(['Generated on (Paris time)', '2026-12-07 16:13:43']);
    expect(en).toContainEqual(['Paid by the tenant', '1220.50']);

    const english = plain(await pdfText(await statementPdf(st, 'en')));
    expect(english).toContain('Generated on: 7 December 2026 at 16:13:43 (Paris time)');
    expect(english).toContain(`Claim: ${claim.id}`);
    expect(english).not.toMatch(/\w :/);
    expect(english).toContain('Received at declaration');
    expect(english).toContain('Payments after declaration');
    expect(english).toContain('Paid by the tenant: €1,220.50');
    expect(english).toContain('Payments after declaration: the tenant’s payments recorded after the declaration, allocated to the month.');

    const french = plain(await pdfText(await statementPdf(st, 'fr')));
    expect(french).toContain('Généré le : 7 décembre 2026 à 16:13:43 (heure de Paris)');
    expect(french).toContain('Sinistre : ');
    expect(french).toContain('Payé par le locataire : 1 220,50 €');
    // made at 00:30 in Paris: the next day there, whatever UTC says
    const late = plain(await pdfText(await statementPdf({ ...st, generatedAt: '2026-12-07T23:30:00Z' }, 'fr')));
    expect(late).toContain('Généré le : 8 décembre 2026 à 00:30:00 (heure de Paris)');
  });

  it('say how many earlier months are not listed, one in the singular', async () => {
    const months = [month('2026-04-05', 0, 0), month('2026-05-05', 0, 0), month('2026-06-05', 0, 0)];
    const one = statementOf(claim, months, '2026-12-07T15:13:43Z', null, 2);
    expect(statementCsv(one, 'fr')).toContain('1 mois plus ancien n’est pas listé ; les totaux le comprennent.');
    expect(plain(await pdfText(await statementPdf(one, 'en')))).toContain('1 earlier month is not listed; the totals include it.');
    const two = statementOf(claim, months, '2026-12-07T15:13:43Z', null, 1);
    expect(statementCsv(two, 'en')).toContain('2 earlier months are not listed; the totals include them.');
  });
});

describe('a statement’s months not declared yet', () => {
  const undeclared = (rentDueDate: string) => monthFixture({ claimId: claim.id, rentDueDate });
  it('are to declare once their rent is due on the claim’s day (on the day the statement is made), not before', async () => {
    // the claim's rent is due on the 5th; the partner dates July on the 1st; made on 4 July (Paris)
    const st = statementOf(claim, [undeclared('2026-06-01'), undeclared('2026-07-01')], '2026-07-04T10:00:00Z', null);
    const rows = parse(statementCsv(st, 'fr'), { delimiter: ';', bom: true, relax_column_count: true }) as string[][];
    expect(rows.filter((r) => r[0] === '2026-06' || r[0] === '2026-07').map((r) => r.slice(0, 2))).toEqual([
      ['2026-06', 'À déclarer'],
      ['2026-07', 'Loyer pas encore dû'],
    ]);
    const en = (await pdfText(await statementPdf(st, 'en'))).replace(/\s+/g, ' ');
    expect(en).toContain('Rent not due yet');
  });
});
