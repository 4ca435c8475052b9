import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { assignmentsFr } from './fr.js';

/** In English: the keys of fr.ts, no more, no less (checked when compiling). */
export const assignmentsEn: Catalogue<typeof assignmentsFr> = {
  assignment: {
    you: '{{name}} (you)',
    take: 'I’ll look after it',
    letGo: 'Stop looking after it',
    taken: 'You look after this file.',
    label: 'Looked after by',
    nobody: 'Nobody',
    me: 'Me ({{name}})',
    saved: 'Looked after by {{name}}.',
    savedNobody: 'Nobody looks after this file now.',
    since: 'since {{date}}, assigned by {{by}}',
  },
};
