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

export function validationMessage(message: string, lang: Lang): string {
  // zod's own message for a missing value
  if (/received undefined|received null/.test(message) || message === 'is required')
    return lang === 'fr' ? 'Champ obligatoire.' : 'Required.';
  if (lang === 'en') return message.charAt(0).toUpperCase() + message.slice(1);
  if (FR[message]) return FR[message];
  if (message.startsWith('must be one of')) return 'Choisissez une valeur dans la liste.';
  if (message.startsWith('Invalid input')) return 'Valeur manquante ou invalide.';
  return message;
}
