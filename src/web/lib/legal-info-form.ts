/**
 * The declarant's legal information as a form holds it (blank fields, an address left empty)
 * turned into what the contract's LegalInfoSchema reads: blank fields are absent, and an address
 * with every field blank is no address (it is optional as a whole, complete when given).
 */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function legalInfoInput(raw: unknown): Record<string, unknown> {
  const legal = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const emptyAddress = (a: unknown) => typeof a === 'object' && a !== null && Object.values(a).every(blank);
  return Object.fromEntries(Object.entries(legal).filter(([k, x]) => !blank(x) && !(k === 'address' && emptyAddress(x))));
}
