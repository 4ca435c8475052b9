import type { Lang } from './enums.js';

/** "Sinistre :" / "Claim:": a label before its value, with the colon each language writes (French spaces it). */
export const labelled = (label: string, lang: Lang): string => (lang === 'fr' ? `${label} :` : `${label}:`);
