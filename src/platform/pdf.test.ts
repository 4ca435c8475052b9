import { describe, expect, it } from 'vitest';
import { runsOf } from './pdf.js';

describe('runsOf: which font draws each part of a name', () => {
  it('keeps Latin text in the Latin face of its weight around CJK, and writes out what no font has', () => {
    const { runs, missing } = runsOf('Łukasz 王小明 Nguyễn-Ødegaard 😀\ufe0f', 'bold');
    expect(runs.map((r) => [r.face, r.text])).toEqual([
      ['latin-bold', 'Łukasz '],
      ['cjk', '王小明 '],
      ['latin-bold', 'Nguyễn-Ødegaard [U+1F600]'],
    ]);
    expect(missing).toEqual(['U+1F600']);
  });
  it('draws a Latin name in one run of the Latin face', () => {
    expect(runsOf('Zoë Dœuf', 'regular').runs).toEqual([{ face: 'latin-regular', text: 'Zoë Dœuf' }]);
  });
});
