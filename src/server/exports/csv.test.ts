import { describe, expect, it } from 'vitest';
import { CsvFormat } from './csv.js';
import { claimsCsv, projectsCsv } from './lists.js';

describe('CsvFormat', () => {
  it('quotes separators, quotes and line breaks (RFC 4180), and leaves plain text alone', () => {
    const fr = new CsvFormat('fr');
    expect(fr.text('Dupont')).toBe('Dupont');
    expect(fr.text('Dupont; fils')).toBe('"Dupont; fils"');
    expect(fr.text('Le "Grand"')).toBe('"Le ""Grand"""');
    expect(fr.text('ligne 1\nligne 2')).toBe('"ligne 1\nligne 2"');
    expect(fr.text('a,b')).toBe('"a,b"'); // a comma is quoted too, so the file opens in either locale
    expect(fr.text(null)).toBe('');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    const en = new CsvFormat('en');
    expect(en.text('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(en.text('+33 6')).toBe("'+33 6");
    expect(en.text('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('writes numbers and dates the way each language’s spreadsheet reads them', () => {
    const fr = new CsvFormat('fr');
    const en = new CsvFormat('en');
    expect([fr.sep, en.sep]).toEqual([';', ',']);
    expect([fr.money(1234.5), en.money(1234.5), fr.money(-20), fr.money(null)]).toEqual(['1234,50', '1234.50', '-20,00', '']);
    expect([fr.date('2026-03-05'), en.date('2026-03-05T10:00:00Z')]).toEqual(['05/03/2026', '2026-03-05']);
    expect(fr.row(['a', 'b'])).toBe('a;b\r\n');
    expect(CsvFormat.BOM).toBe('\uFEFF');
  });

  it('writes an amount as a plain number: a decimal comma in French, a point in English, never a grouping, a space or an exponent', () => {
    const fr = new CsvFormat('fr');
    const en = new CsvFormat('en');
    for (const value of [1234567.891, -1234567.5, 0.005, 1e300, -0, -0.001, 20]) {
      expect(fr.money(value), String(value)).toMatch(/^-?\d+,\d\d$/);
      expect(en.money(value), String(value)).toMatch(/^-?\d+\.\d\d$/);
      expect(fr.money(value).replace(',', '.')).toBe(en.money(value));
    }
    expect([fr.money(1234567.891), en.money(1234567.891)]).toEqual(['1234567,89', '1234567.89']);
    expect(en.money(1e300)).toHaveLength(304);
    // an amount rounded to nothing is nothing, not "-0,00"
    expect([fr.money(-0), fr.money(-0.001)]).toEqual(['0,00', '0,00']);
  });

  it('dates a timestamp by its day in Paris, as the pages and the partner do', () => {
    // 23:30 UTC on 14 December is 00:30 on the 15th in Paris; 22:30 UTC on 14 June is 00:30 on the 15th
    expect(new CsvFormat('fr').date('2026-12-14T23:30:00.000Z')).toBe('15/12/2026');
    expect(new CsvFormat('en').date('2026-06-14T22:30:00Z')).toBe('2026-06-15');
    expect(new CsvFormat('en').date('2026-06-14')).toBe('2026-06-14');
    expect(new CsvFormat('fr').date('not a date, kept')).toBe('not a date, kept');
  });

  it('heads the projects’ and the claims’ files in the language asked, column for column', async () => {
    const none = async function* (): AsyncGenerator<never[]> {};
    const text = async (lines: AsyncGenerator<string>) => {
      let all = '';
      for await (const line of lines) all += line;
      return all;
    };
    expect(await text(claimsCsv('en', none()))).toBe(
      '\uFEFFId,Project,Opened on,Tenant,Property address,Status,Status label,First unpaid month,Rent,Outstanding,External reference,Owner\r\n',
    );
    expect(await text(projectsCsv('fr', none()))).toBe(
      '\uFEFFIdentifiant;Créé le;Prénom;Nom;E-mail;Statut;Libellé du statut;Score;Loyer;Début du bail;Adresse du logement;Code postal;Ville;Référence interne\r\n',
    );
  });
});
