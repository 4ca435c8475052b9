import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Lang } from '../../contract/enums.js';
import { STATEMENT_COPY, isAmountColumn, monthCells, statementReferences, totalCells, type Statement } from './statement.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const COLUMNS = [64, 96, 54, 58, 58, 58, 56, 71]; // 515 pt: the width of A4 inside the margins
const SIZE = 8;
const LINE = 10;
const INK = rgb(0.1, 0.1, 0.15);
const RULE = rgb(0.75, 0.75, 0.8);

const charsets = new WeakMap<PDFFont, Set<number>>();

/** Text the standard font can draw: the narrow no-break spaces of French numbers become spaces. */
function drawable(font: PDFFont, text: string): string {
  let known = charsets.get(font);
  if (!known) charsets.set(font, (known = new Set(font.getCharacterSet())));
  return [...text.replace(/[\u202f\u00a0]/g, ' ')].map((ch) => (known.has(ch.codePointAt(0) ?? 0) ? ch : '?')).join('');
}

/** Splits a cell's text into lines that fit its column (at most 3). */
function wrap(font: PDFFont, text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, SIZE) <= width || !current) current = next;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines.slice(0, 3);
}

/**
 * The debt statement as an A4 PDF (portrait): title, the claim's references and generation date,
 * a table of every month with its header repeated on each page, the totals, page numbers.
 */
export async function statementPdf(s: Statement, lang: Lang): Promise<Uint8Array> {
  const copy = STATEMENT_COPY[lang];
  const locale = lang === 'fr' ? 'fr-FR' : 'en-GB';
  const moneyFormat = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const money = (n: number) => moneyFormat.format(n);
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const month = (d: string) => monthFormat.format(new Date(`${d.slice(0, 7)}-01T00:00:00Z`));

  const pdf = await PDFDocument.create();
  const tenant = `${s.claim.tenant.firstName} ${s.claim.tenant.lastName}`;
  pdf.setTitle(`${copy.title} - ${tenant}`);
  pdf.setLanguage(lang === 'fr' ? 'fr-FR' : 'en-GB');
  pdf.setCreationDate(new Date(s.generatedAt));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (t: string, x: number, size: number, font: PDFFont, width?: number) => {
    const str = drawable(font, t);
    const dx = width === undefined ? 0 : width - font.widthOfTextAtSize(str, size); // right-aligned numbers
    page.drawText(str, { x: x + dx, y, size, font, color: INK });
  };

  text(copy.title, MARGIN, 18, bold);
  y -= 28;
  for (const [label, value] of statementReferences(s, lang)) {
    text(`${label} :`, MARGIN, 9, bold);
    text(value, MARGIN + 120, 9, regular);
    y -= 13;
  }
  text(`${copy.generated} :`, MARGIN, 9, bold);
  text(
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(new Date(s.generatedAt)),
    MARGIN + 120,
    9,
    regular,
  );
  y -= 24;

  const row = (cells: string[], font: PDFFont) => {
    const wrapped = cells.map((c, i) => wrap(font, drawable(font, c), (COLUMNS[i] ?? 50) - 4));
    const height = Math.max(...wrapped.map((l) => l.length)) * LINE + 4;
    if (y - height < MARGIN + 20) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
      header();
    }
    let x = MARGIN;
    const top = y;
    wrapped.forEach((lines, i) => {
      const w = COLUMNS[i] ?? 50;
      lines.forEach((l, n) => {
        y = top - n * LINE;
        text(l, x + 2, SIZE, font, isAmountColumn(i) ? w - 4 : undefined); // amounts and their headings right-aligned
      });
      x += w;
    });
    y = top - height;
    page.drawLine({ start: { x: MARGIN, y: y + LINE - 2 }, end: { x: A4[0] - MARGIN, y: y + LINE - 2 }, thickness: 0.5, color: RULE });
  };
  const header = () => row([...copy.columns], bold);

  header();
  for (const m of s.months) row(monthCells(m, lang, money, month), regular);
  row(totalCells(s.totals, lang, money), bold);

  const pages = pdf.getPages();
  pages.forEach((p, i) =>
    p.drawText(drawable(regular, `${tenant} - ${copy.title} - ${i + 1} / ${pages.length}`), {
      x: MARGIN,
      y: MARGIN / 2,
      size: 7,
      font: regular,
      color: INK,
    }),
  );
  return pdf.save();
}
