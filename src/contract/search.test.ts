import { describe, expect, it } from 'vitest';
import { foldForSearch } from './search.js';

describe('foldForSearch', () => {
  it('ignores case, accents, letters without a decomposition, spaces and punctuation', () => {
    expect(foldForSearch('Łukasz')).toBe('lukasz');
    expect(foldForSearch("O'Brien")).toBe('obrien');
    expect(foldForSearch('O’Brien')).toBe('obrien');
    expect(foldForSearch('Jean-Pierre Éluard')).toBe('jeanpierreeluard');
    expect(foldForSearch('Søren Straße')).toBe('sorenstrasse');
    expect(foldForSearch('Nguyễn')).toBe('nguyen');
    expect(foldForSearch('王小明')).toBe('王小明');
  });
});
