import { describe, expect, it } from 'vitest';
import { CsvFormat } from './csv.js';

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
});
