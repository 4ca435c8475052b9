import { expect, test } from 'vitest';
import { AUDIT_OPERATION_LABELS } from '../../../contract/audit.js';
import { NOTIFICATION_WORDS } from '../../../contract/notification-words.js';
import { assignmentsEn } from '../../features/assignments/i18n/en.js';
import { assignmentsFr } from '../../features/assignments/i18n/fr.js';
import { followsEn } from '../../features/follows/i18n/en.js';
import { followsFr } from '../../features/follows/i18n/fr.js';

/** Every text of a catalogue (a function's words with a name put in). */
const texts = (c: unknown): string[] =>
  typeof c === 'string' ? [c] : typeof c === 'function' ? [String(c('X', false))] : Object.values(c as object).flatMap(texts);

/**
 * A file's page shows both who looks after it ("Suivi par", taking it, letting it go) and the
 * button that brings its changes to the reader: the two never share a verb, in either language,
 * so that stopping one is never taken for stopping the other.
 */
const LANGS = [
  {
    lang: 'fr' as const,
    watching: texts([followsFr.follow, followsFr.notifications.none, followsFr.notifications.account]),
    lookingAfter: texts(assignmentsFr),
    assignmentVerb: /\bsuiv/i,
    watchingVerb: /surveill/i,
  },
  {
    lang: 'en' as const,
    watching: texts([followsEn.follow, followsEn.notifications.none, followsEn.notifications.account]),
    lookingAfter: texts(assignmentsEn),
    assignmentVerb: /\blook(s|ed|ing)? after|\bfollow/i,
    watchingVerb: /\bwatch/i,
  },
];

test.each(LANGS)(
  '$lang: watching a file and looking after it are told apart',
  ({ lang, watching, lookingAfter, assignmentVerb, watchingVerb }) => {
    const mail = NOTIFICATION_WORDS[lang].mail;
    const watchingElsewhere = [
      AUDIT_OPERATION_LABELS.followFile[lang],
      AUDIT_OPERATION_LABELS.unfollowFile[lang],
      ...texts([mail.digestSubject, mail.urgentIntro, mail.why]),
    ];
    expect([...watching, ...watchingElsewhere].filter((t) => assignmentVerb.test(t))).toEqual([]);
    expect(lookingAfter.filter((t) => watchingVerb.test(t))).toEqual([]);
    expect(watching.filter((t) => watchingVerb.test(t)).length).toBeGreaterThan(0);
  },
);
