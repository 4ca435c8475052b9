import type { Lang } from '../../contract/enums.js';

/**
 * French copy of the contract's validation messages (the contract speaks English, the API's
 * language). A message not listed is shown as the contract wrote it.
 */
const FR: Record<string, string> = {
  'a mobility lease lasts 1 to 10 months after the lease start': 'Un bail mobilité dure de 1 à 10 mois après le début du bail.',
  'a referent cannot be a student or retired': 'Le garant ne peut pas être étudiant ni retraité.',
  'at most two decimals': 'Deux décimales au plus.',
  'cannot be in the future': 'Ne peut pas être dans le futur.',
  'cannot be in the past': 'Ne peut pas être dans le passé.',
  'cannot exceed the rent amount': 'Ne peut pas dépasser le loyer.',
  'cannot exceed the total rent': 'Ne peut pas dépasser le loyer total.',
  'is required and must be greater than 0 for a flat-share or a couple': 'Obligatoire et supérieur à 0 pour une colocation ou un couple.',
  'is required for a mobility lease': 'Obligatoire pour un bail mobilité.',
  'is required for a retired tenant: the pension goes here, not in monthly income':
    'Obligatoire pour un retraité : la pension se saisit ici, pas dans les revenus mensuels.',
  'is required for a student tenant': 'Obligatoire pour un locataire étudiant.',
  'is required for fixed-term (CDD) and interim contracts': 'Obligatoire pour un CDD ou un contrat d’intérim.',
  'is required when part of the rent was received': 'Obligatoire quand une partie du loyer a été reçue.',
  'is required when the owner is an agency': 'Obligatoire quand le propriétaire est une agence.',
  'is required': 'Champ obligatoire.',
  'must be 0 or more': 'Doit être positif ou nul.',
  'must be 9 digits': 'Doit comporter 9 chiffres.',
  'must be a date written yyyy-MM-dd': 'Date invalide.',
  'must be a valid date written yyyy-MM-dd': 'Date invalide.',
  'must be a finite number': 'Nombre invalide.',
  'must be a number': 'Saisissez un montant.',
  'must be a valid email address': 'Adresse e-mail invalide.',
  'must be after the lease start': 'Doit être postérieure au début du bail.',
  'must be an ISO 3166-1 alpha-2 code such as FR': 'Choisissez un pays.',
  'must be empty when nothing was received': 'À laisser vide si rien n’a été reçu.',
  'must be greater than 0': 'Doit être supérieur à 0.',
  'must be in international E.164 form, e.g. +33612345678': 'Numéro de téléphone invalide pour ce pays.',
};

type Copy = Record<Lang, (m: string[]) => string>;

const dateOf = (iso: string | undefined, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso ?? ''}T00:00:00Z`),
  );
const numberOf = (n: string | undefined, lang: Lang) =>
  Number((n ?? '').replace(/,/g, '')).toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB');

/** Why a date bound exists (the contract's limits.ts), after "must be on or after/before <date>: ". */
const REASONS: [RegExp, Copy][] = [
  [
    /^a claim starts at most (\d+) months back$/,
    { fr: ([, n]) => `un sinistre remonte à ${n} mois au plus`, en: ([, n]) => `a claim starts at most ${n} months back` },
  ],
  [/^at most (\d+) years back$/, { fr: ([, n]) => `${n} ans en arrière au plus`, en: ([, n]) => `at most ${n} years back` }],
  [
    /^from (\d+) years back to (\d+) days ahead$/,
    { fr: ([, y, d]) => `de ${y} ans en arrière à ${d} jours à venir`, en: ([, y, d]) => `from ${y} years back to ${d} days ahead` },
  ],
  [
    /^a tenant or referent is at least (\d+) years old$/,
    { fr: ([, n]) => `le locataire et le garant ont au moins ${n} ans`, en: ([, n]) => `a tenant or referent is at least ${n} years old` },
  ],
  [
    /^a lease lasts at most (\d+) years$/,
    { fr: ([, n]) => `un bail dure ${n} ans au plus`, en: ([, n]) => `a lease lasts at most ${n} years` },
  ],
  [
    /^a lease starts at most (\d+) months ahead$/,
    { fr: ([, n]) => `un bail commence ${n} mois à l’avance au plus`, en: ([, n]) => `a lease starts at most ${n} months ahead` },
  ],
];

const reason = (why: string | undefined, lang: Lang): string => {
  if (!why) return '';
  for (const [re, copy] of REASONS) {
    const m = re.exec(why);
    if (m) return `${lang === 'fr' ? ' : ' : ': '}${copy[lang]([...m])}`;
  }
  return lang === 'en' ? `: ${why}` : '';
};

/** Messages that name a limit (the contract's limits.ts): the limit formatted for the language. */
const LIMITS: [RegExp, Copy][] = [
  [/^at most (\d+) characters$/, { fr: ([, n]) => `${n} caractères au plus.`, en: ([, n]) => `At most ${n} characters.` }],
  [
    /^must be at most ([\d,]+)$/,
    {
      fr: ([, n]) => `Doit être inférieur ou égal à ${numberOf(n, 'fr')}.`,
      en: ([, n]) => `Must be at most ${numberOf(n, 'en')}.`,
    },
  ],
  [
    /^must be on or after (\d{4}-\d{2}-\d{2})(?:: (.+))?$/,
    {
      fr: ([, d, why]) => `Doit être le ${dateOf(d, 'fr')} ou après${reason(why, 'fr')}.`,
      en: ([, d, why]) => `Must be on or after ${dateOf(d, 'en')}${reason(why, 'en')}.`,
    },
  ],
  [
    /^must be on or before (\d{4}-\d{2}-\d{2})(?:: (.+))?$/,
    {
      fr: ([, d, why]) => `Doit être le ${dateOf(d, 'fr')} ou avant${reason(why, 'fr')}.`,
      en: ([, d, why]) => `Must be on or before ${dateOf(d, 'en')}${reason(why, 'en')}.`,
    },
  ],
  [
    /^must not contain control characters$/,
    { fr: () => 'Ne doit pas contenir de caractères de contrôle.', en: () => 'Must not contain control characters.' },
  ],
  [/^at most (\d+) addresses$/, { fr: ([, n]) => `${n} adresses au plus.`, en: ([, n]) => `At most ${n} addresses.` }],
];

export function validationMessage(message: string, lang: Lang): string {
  // zod's own message for a missing value
  if (/received undefined|received null/.test(message) || message === 'is required')
    return lang === 'fr' ? 'Champ obligatoire.' : 'Required.';
  for (const [re, copy] of LIMITS) {
    const m = re.exec(message);
    if (m) return copy[lang]([...m]);
  }
  if (lang === 'en') return message.charAt(0).toUpperCase() + message.slice(1);
  if (FR[message]) return FR[message];
  if (message.startsWith('must be one of')) return 'Choisissez une valeur dans la liste.';
  if (message.startsWith('Invalid input')) return 'Valeur manquante ou invalide.';
  return message;
}
