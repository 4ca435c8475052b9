import type { LegalInfo } from '../../contract/claims.js';

/** The country a company address starts with. */
export const DEFAULT_COUNTRY = 'France';

/** What a legal-information form starts from: the saved details, a French phone and a French address by default. */
export function legalInfoDefaults(legal: LegalInfo | null | undefined): LegalInfo {
  const base = legal ?? ({ phone: { phoneContryCode: 'FR' } } as LegalInfo);
  return { ...base, address: base.address ?? ({ country: DEFAULT_COUNTRY } as NonNullable<LegalInfo['address']>) };
}

/**
 * The declarant's legal information as a form holds it (blank fields, an address left empty)
 * turned into what the contract's LegalInfoSchema reads: blank fields are absent, and an address
 * with every field blank is no address (it is optional as a whole, complete when given).
 */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function legalInfoInput(raw: unknown): Record<string, unknown> {
  const legal = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  // the country alone (the form offers France) gives no address
  const emptyAddress = (a: unknown) =>
    typeof a === 'object' && a !== null && Object.entries(a).every(([k, v]) => k === 'country' || blank(v));
  return Object.fromEntries(Object.entries(legal).filter(([k, x]) => !blank(x) && !(k === 'address' && emptyAddress(x))));
}
