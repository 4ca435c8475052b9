import i18next from 'i18next';
import { withEveryPlural, type CatalogueKey } from '../../contract/catalogue.js';
import type { Lang } from '../../contract/enums.js';
import { INTL_LOCALE, formatNumber } from '../../contract/numbers.js';
import { serverEn } from './en.js';
import { serverFr } from './fr.js';

/**
 * The server's words: what its e-mails and the debt statement say, in catalogues like the
 * browser's (fr.ts, and en.ts with the same keys, which the compiler checks), read with i18next as
 * the browser reads its own. To say something in a person's language:
 *
 *     const t = wordsIn(user.lang);
 *     t('invite.subject', { by: 'Marie Martin' });   // {{by}} replaced as it is (plain text, nothing escaped)
 *     t('digest.claims', { count: 1200 });           // digest.claims_one / _other by the language's plural rules
 *
 * `{{count, count}}` in a copy writes the count as the dashboard writes counts ("1 200" / "1,200");
 * amounts and dates are given already written by the contract's numbers.ts and date-format.ts. A new
 * e-mail adds its section to fr.ts and en.ts; words.test.ts checks that both say the same keys with
 * the same placeholders. A key that does not exist fails to compile.
 */
export type WordKey = CatalogueKey<typeof serverFr>;
export type Words = (key: WordKey, values?: Record<string, string | number>) => string;

const i18n = i18next.createInstance();
void i18n.init({
  // a million in French is CLDR's "many": withEveryPlural gives it the _other copy
  resources: {
    fr: { translation: withEveryPlural(serverFr, INTL_LOCALE.fr) },
    en: { translation: withEveryPlural(serverEn, INTL_LOCALE.en) },
  },
  lng: 'fr',
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false },
});
i18n.services.formatter?.add('count', (value: unknown, lng: string | undefined) =>
  typeof value === 'number' ? formatNumber(value, lng === 'en' ? 'en' : 'fr') : String(value),
);

const fixed = new Map<Lang, Words>();

/** The server's words in one language (see above). */
export function wordsIn(lang: Lang): Words {
  let words = fixed.get(lang);
  if (!words) {
    // the browser's catalogue types i18next's own keys (web/app/i18n): the server's are typed by WordKey
    const t = i18n.getFixedT(lang) as unknown as (key: string, values?: Record<string, string | number>) => string;
    words = (key, values) => t(key, values);
    fixed.set(lang, words);
  }
  return words;
}
