import { formatMonthName } from '../../contract/date-format.js';
import type { Lang } from '../../contract/enums.js';
import { INTL_LOCALE, formatEuros } from '../../contract/numbers.js';
import { labelled } from '../../contract/wording.js';
import { wordsIn } from '../i18n/words.js';
import { PdfWriter, type Rgb, type Weight } from '../../platform/pdf.js';
import {
  generatedWords,
  isAmountColumn,
  monthCells,
  statementColumns,
  statementReferences,
  tenantMoneyLines,
  totalCells,
  type Statement,
} from './statement.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const COLUMNS = [64, 96, 54, 58, 58, 58, 56, 71]; // 515 pt: the width of A4 inside the margins
const SIZE = 8;
const LINE = 10;
const RULE: Rgb = [191, 191, 204];

/**
 * The debt statement as an A4 PDF (portrait): title, the claim's references and generation date,
 * a table of every month listed with its header repeated on each page, the totals, page numbers.
 * Any tenant name prints (platform/pdf.ts); `onMissing` hears of characters no font has.
 */
export async function statementPdf(s: Statement, lang: Lang, onMissing?: (codes: string[]) => void): Promise<Uint8Array> {
  const t = wordsIn(lang);
  const title = t('statement.title');
  const locale = INTL_LOCALE[lang];
  const money = (n: number) => formatEuros(n, lang);
  const month = (d: string) => formatMonthName(d, lang);

  const tenant = `${s.claim.tenant.firstName} ${s.claim.tenant.lastName}`;
  const pdf = new PdfWriter(
    { title: `${title} - ${tenant}`, author: 'Partner dashboard', lang: locale, createdAt: new Date(s.generatedAt) },
    onMissing,
  );
  pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (t: string, x: number, size: number, weight: Weight, width?: number) => {
    const dx = width === undefined ? 0 : width - pdf.width(t, size, weight); // right-aligned numbers
    pdf.text(t, x + dx, y, { size, weight });
  };

  /** Splits a cell's text into lines that fit its column (at most 3). */
  const wrap = (t: string, weight: Weight, width: number): string[] => {
    const lines: string[] = [];
    let current = '';
    for (const word of t.split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (pdf.width(next, SIZE, weight) <= width || !current) current = next;
      else {
        lines.push(current);
        current = word;
      }
    }
    if (current) lines.push(current);
    return lines.slice(0, 3);
  };

  text(title, MARGIN, 18, 'bold');
  y -= 28;
  for (const [label, value] of [...statementReferences(s, lang), [t('statement.generated'), generatedWords(s, lang)] as const]) {
    text(labelled(label, lang), MARGIN, 9, 'bold');
    text(value, MARGIN + 120, 9, 'regular');
    y -= 13;
  }
  y -= 11;
  if (s.omitted > 0) {
    text(t('statement.omitted', { count: s.omitted }), MARGIN, 9, 'bold');
    y -= 16;
  }

  const row = (cells: string[], weight: Weight) => {
    const wrapped = cells.map((c, i) => wrap(c, weight, (COLUMNS[i] ?? 50) - 4));
    const height = Math.max(...wrapped.map((l) => l.length)) * LINE + 4;
    if (y - height < MARGIN + 20) {
      pdf.addPage(A4);
      y = A4[1] - MARGIN;
      header();
    }
    let x = MARGIN;
    const top = y;
    wrapped.forEach((lines, i) => {
      const w = COLUMNS[i] ?? 50;
      lines.forEach((l, n) => {
        y = top - n * LINE;
        text(l, x + 2, SIZE, weight, isAmountColumn(i) ? w - 4 : undefined); // amounts and their headings right-aligned
      });
      x += w;
    });
    y = top - height;
    pdf.line([MARGIN, y + LINE - 2], [A4[0] - MARGIN, y + LINE - 2], { thickness: 0.5, color: RULE });
  };
  const header = () => row(statementColumns(lang), 'bold');

  header();
  for (const m of s.months) row(monthCells(s, m, lang, money, month), 'regular');
  row(totalCells(s.totals, lang, money), 'bold');

  // all the tenant paid (the claim page's figure, by the same name), then what each of the tenant's amounts counts
  const paid = tenantMoneyLines(s, lang, money);
  const note = (t: string, weight: Weight, size: number) => {
    if (y < MARGIN + 20) {
      pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
    text(t, MARGIN, size, weight);
    y -= size + 4;
  };
  y -= 6;
  note(`${labelled(paid.total[0], lang)} ${paid.total[1]}`, 'bold', 9);
  y -= 6;
  note(t('statement.legend'), 'bold', SIZE);
  for (const l of paid.legend) note(l, 'regular', SIZE);

  const pages = pdf.pageCount();
  for (let i = 0; i < pages; i++) {
    pdf.onPage(i, A4);
    pdf.text(`${tenant} - ${title} - ${i + 1} / ${pages}`, MARGIN, MARGIN / 2, { size: 7 });
  }
  return pdf.finish();
}
