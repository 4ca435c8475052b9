import { afterEach, expect, test } from 'vitest';
import buildFormatNumber from './lazy-format-number.js';

const Real = Intl.NumberFormat;
let built = 0;
/** Intl's number formatter, counting how many are built. */
class Counting extends Real {
  constructor(...args: ConstructorParameters<typeof Real>) {
    super(...args);
    built++;
  }
}
const use = (ctor: typeof Intl.NumberFormat) =>
  Object.defineProperty(Intl, 'NumberFormat', { value: ctor, configurable: true, writable: true });
afterEach(() => use(Real));

test('MUI’s number formatter is built on first use, once, and writes what Intl writes', () => {
  built = 0;
  use(Counting as typeof Intl.NumberFormat);
  const format = buildFormatNumber('fr-FR');
  expect(built).toBe(0);
  expect(format(1234567.5)).toBe(new Real('fr-FR').format(1234567.5));
  expect(built).toBe(1);
  expect(format(57)).toBe('57');
  expect(built).toBe(1);
  expect(format(Number.POSITIVE_INFINITY)).toBe('Infinity');
  expect(format(Number.NaN)).toBe('NaN');
});

test('a page count (a whole number below a thousand) is written as Intl writes it, without building a formatter', () => {
  built = 0;
  use(Counting as typeof Intl.NumberFormat);
  for (const locale of ['fr-FR', 'en-US']) {
    const format = buildFormatNumber(locale);
    for (const n of [0, 1, 7, 20, 57, 999, -3, -999]) expect(format(n)).toBe(new Real(locale).format(n));
  }
  // the expectations' formatters are Intl's own (not counted): the function built none
  expect(built).toBe(0);
  expect(buildFormatNumber('fr-FR')(1000)).toBe(new Real('fr-FR').format(1000));
  expect(buildFormatNumber('fr-FR')(12.5)).toBe('12,5');
});
