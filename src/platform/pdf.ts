import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * PDFs of the sandbox (eligibility certificate) and of the server (debt statement), with fonts
 * that print any name a partner accepts: Noto Sans (Latin with Vietnamese and Polish, Greek,
 * Cyrillic) and, loaded only when a text needs it, Noto Sans SC (Chinese, Japanese kana and most
 * Korean hanja). Both come from npm packages (no system font is needed); pdfkit embeds only the
 * glyphs used (subsets). A character no font has (an emoji) is printed as its code point, e.g.
 * "[U+1F600]", and reported: never a "?" in place of a letter, never an error.
 */

export type Weight = 'regular' | 'bold';
type Face = 'latin-regular' | 'latin-bold' | 'cjk';

const FILES: Record<Face, string> = {
  'latin-regular': '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'latin-bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  // one weight for CJK: bold CJK text is drawn regular (a second 10 MB font for a tenant line is not worth it)
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
};

const require = createRequire(import.meta.url);
/** Parsed once per process, on first use (parsing costs ~50 ms for Latin and ~150 ms for CJK; reuse ~0). */
const faces = new Map<Face, fontkit.Font>();

function face(name: Face): fontkit.Font {
  let f = faces.get(name);
  if (!f) {
    const parsed = fontkit.create(readFileSync(require.resolve(FILES[name])));
    if (!('hasGlyphForCodePoint' in parsed)) throw new Error(`${FILES[name]} is a font collection, not a font`);
    f = parsed;
    faces.set(name, f);
  }
  return f;
}

/** Scripts the CJK face covers: only these load it (a name in Latin never pays its 10 MB). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;

/** Code points that draw nothing (zero-width spaces and joiners, variation selectors): dropped when no font has them. */
const IGNORABLE: [number, number][] = [
  [0x200b, 0x200f],
  [0x2060, 0x206f],
  [0xfe00, 0xfe0f],
  [0xe0100, 0xe01ef],
];
const ignorable = (cp: number) => IGNORABLE.some(([a, b]) => cp >= a && cp <= b);

export interface Run {
  text: string;
  face: Face;
}

/**
 * Splits a text into runs of one font each: the Latin face of the weight when it has the glyph,
 * else the CJK face, else the code point written out. Answers the runs and the code points that
 * no font has.
 */
export function runsOf(text: string, weight: Weight): { runs: Run[]; missing: string[] } {
  const latin: Face = weight === 'bold' ? 'latin-bold' : 'latin-regular';
  const runs: Run[] = [];
  const missing: string[] = [];
  const push = (t: string, f: Face) => {
    const last = runs.at(-1);
    if (last?.face === f) last.text += t;
    else runs.push({ text: t, face: f });
  };
  for (const ch of text.normalize('NFC').replace(/[\u202f\u00a0]/g, ' ')) {
    const cp = ch.codePointAt(0) ?? 0;
    const current = runs.at(-1)?.face;
    // the Latin face of the weight first (the CJK face has Latin letters too, but in one weight only)
    if (ch === ' ') push(ch, current ?? latin);
    else if (face(latin).hasGlyphForCodePoint(cp)) push(ch, latin);
    else if (CJK.test(ch) && face('cjk').hasGlyphForCodePoint(cp)) push(ch, 'cjk');
    else if (!ignorable(cp)) {
      const code = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
      missing.push(code);
      push(`[${code}]`, latin);
    }
  }
  return { runs, missing };
}

export type Rgb = [number, number, number];

export interface PdfMeta {
  title: string;
  author: string;
  lang: string;
  createdAt: Date;
}

/**
 * A PDF written with coordinates from the bottom-left corner (as PDF itself counts), text placed by
 * its baseline, in the fonts above. `onMissing` hears of characters no font has.
 */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<void>;
  private pageHeight = 0;

  constructor(
    meta: PdfMeta,
    private readonly onMissing: (codes: string[]) => void = () => undefined,
  ) {
    this.doc = new PDFDocument({
      autoFirstPage: false,
      bufferPages: true,
      margin: 0,
      lang: meta.lang,
      info: { Title: meta.title, Author: meta.author, CreationDate: meta.createdAt },
    });
    this.doc.on('data', (c: Buffer) => this.chunks.push(c));
    this.ended = new Promise((resolve) => this.doc.on('end', () => resolve()));
  }

  addPage(size: [number, number]): void {
    this.doc.addPage({ size, margin: 0 });
    this.pageHeight = size[1];
  }

  private use(f: Face, size: number): void {
    // pdfkit takes a parsed fontkit font as well as a file (its types only list files)
    this.doc.font(face(f) as unknown as Buffer, f, size);
  }

  /** Width of a text in points at a size. */
  width(text: string, size: number, weight: Weight = 'regular'): number {
    return runsOf(text, weight).runs.reduce((w, r) => {
      this.use(r.face, size);
      return w + this.doc.widthOfString(r.text);
    }, 0);
  }

  /** Draws a text with its baseline at (x, y), y from the bottom of the page. */
  text(text: string, x: number, y: number, o: { size: number; weight?: Weight; color?: Rgb }): void {
    const { runs, missing } = runsOf(text, o.weight ?? 'regular');
    if (missing.length) this.onMissing(missing);
    let dx = x;
    this.doc.fillColor(o.color ?? [26, 26, 38]);
    for (const r of runs) {
      this.use(r.face, o.size);
      this.doc.text(r.text, dx, this.pageHeight - y, { lineBreak: false, baseline: 'alphabetic' });
      dx += this.doc.widthOfString(r.text);
    }
  }

  line(from: [number, number], to: [number, number], o: { thickness: number; color: Rgb }): void {
    this.doc
      .moveTo(from[0], this.pageHeight - from[1])
      .lineTo(to[0], this.pageHeight - to[1])
      .lineWidth(o.thickness)
      .strokeColor(o.color)
      .stroke();
  }

  pageCount(): number {
    return this.doc.bufferedPageRange().count;
  }

  /** Goes back to a page (0-based) to add to it, e.g. the page numbers once all pages exist. */
  onPage(index: number, size: [number, number]): void {
    this.doc.switchToPage(index);
    this.pageHeight = size[1];
  }

  async finish(): Promise<Buffer> {
    this.doc.end();
    await this.ended;
    return Buffer.concat(this.chunks);
  }
}
