import { describe, expect, it } from 'vitest';
import type { Lang } from './enums.js';
import { NOTIFICATION_KINDS, type Notification, type NotificationKind } from './follows.js';
import { NOTIFICATION_WORDS, monthsInWords, notificationFileLabel, notificationSentence } from './notification-words.js';

const note = (kind: NotificationKind, over: Partial<Notification> = {}): Notification => ({
  id: 'n1',
  kind,
  file: { kind: 'claim', id: '5f0d6b1e-8c1a-4a7e-9a53-2b8f4c0d9e11', label: 'Sarah Leroy' },
  params: {},
  actor: null,
  createdAt: '2026-12-03T09:00:00.000Z',
  readAt: null,
  ...over,
});
// amounts are spaced with no-break spaces, as Intl writes them: read as plain spaces here
const plain = (t: string) => t.replace(/[\u00a0\u202f]/g, ' ');
const say = (n: Notification, lang: Lang = 'fr') => plain(notificationSentence(n, lang));

/** One sample of each kind, with the params it carries. */
const SAMPLES: Record<NotificationKind, Notification> = {
  'claim.created': note('claim.created', { file: { kind: 'project', id: '5f0d6b1e-8c1a-4a7e-9a53-2b8f4c0d9e12', label: 'Inès Martin' } }),
  'claim.status': note('claim.status', { params: { status: 20 } }),
  'claim.refused': note('claim.refused'),
  'months.declared': note('months.declared', { params: { months: ['2026-08', '2026-09', '2026-10'] }, actor: 'Paul Martin' }),
  'months.updated': note('months.updated', { params: { months: ['2026-10'] } }),
  'receipt.pending': note('receipt.pending', { params: { months: ['2026-10'] } }),
  'receipt.signed': note('receipt.signed', { params: { months: ['2026-10'] } }),
  'payment.recorded': note('payment.recorded', { params: { amount: 120.5, date: '2026-12-03' }, actor: 'Paul Martin' }),
  'payment.changed': note('payment.changed', { params: { amount: 80, date: '2026-12-01' } }),
  'payment.deleted': note('payment.deleted', { params: { amount: 80, date: '2026-12-01' } }),
  'document.added': note('document.added', { params: { documentType: '1' } }),
  'document.refused': note('document.refused', { params: { documentType: '2' } }),
  'project.status': note('project.status', {
    file: { kind: 'project', id: '5f0d6b1e-8c1a-4a7e-9a53-2b8f4c0d9e12', label: 'Inès Martin' },
    params: { status: 7 },
  }),
  assigned: note('assigned', { params: { assignee: 'Claire Dubois' }, actor: 'Marion Manager' }),
};

describe('a notification in words', () => {
  it('says the examples the dashboard shows, in French', () => {
    expect(say(SAMPLES['receipt.pending'])).toBe('Sinistre Sarah Leroy : la quittance d’octobre 2026 attend la signature du bailleur');
    expect(say(SAMPLES['project.status'])).toBe('Projet Inès Martin : garantie active');
    expect(say(SAMPLES['payment.recorded'])).toBe(
      'Sinistre Sarah Leroy : paiement de 120,50 € du 3 décembre 2026 enregistré par Paul Martin',
    );
    expect(say(SAMPLES['months.declared'])).toBe('Sinistre Sarah Leroy : 3 mois déclarés : août à octobre 2026 par Paul Martin');
  });

  it('says them in English', () => {
    expect(say(SAMPLES['receipt.pending'], 'en')).toBe('Claim Sarah Leroy: the receipt for October 2026 awaits the landlord’s signature');
    expect(say(SAMPLES['project.status'], 'en')).toBe('Project Inès Martin: guarantee active');
    expect(say(SAMPLES['payment.recorded'], 'en')).toBe('Claim Sarah Leroy: payment of €120.50 on 3 December 2026 recorded by Paul Martin');
    expect(say(SAMPLES['months.declared'], 'en')).toBe('Claim Sarah Leroy: 3 months declared: August to October 2026 by Paul Martin');
  });

  it('has a sentence for every kind in both languages, naming the file, with no French word in English', () => {
    const french =
      /\b(mois|sinistre|projet|paiement|quittance|déclarés?|enregistré|supprimé|signée?s?|refusé|statut|par|du|le|la|les|et|à)\b|[àéèêç]/i;
    for (const kind of NOTIFICATION_KINDS) {
      const fr = say(SAMPLES[kind], 'fr');
      const en = say(SAMPLES[kind], 'en');
      expect(fr, kind).toMatch(/^(Sinistre Sarah Leroy|Projet Inès Martin) : \S/);
      expect(en, kind).toMatch(/^(Claim Sarah Leroy|Project Inès Martin): \S/);
      expect(en, kind).not.toBe(fr);
      // the file's name (Inès) is the tenant's, not a French word
      expect(en.replace('Inès', 'Ines'), kind).not.toMatch(french);
    }
    // a status is said by its label, never its code
    expect(say(SAMPLES['claim.status'], 'en')).toBe('Claim Sarah Leroy: new claim status: Pending validation');
    expect(say(SAMPLES['document.added'])).toBe('Sinistre Sarah Leroy : document « Bail signé » envoyé');
  });

  it('groups many months of one action, the year said once, a scattered list by name', () => {
    expect(monthsInWords(['2025-11', '2025-12', '2026-01'], 'fr')).toBe('novembre 2025 à janvier 2026');
    expect(monthsInWords(['2026-08', '2026-10', '2026-12'], 'fr')).toBe('août, octobre et décembre 2026');
    expect(monthsInWords(['2026-08', '2026-10'], 'en')).toBe('August and October 2026');
    expect(say(note('receipt.signed', { params: { months: ['2026-04', '2026-05'] } }))).toBe(
      'Sinistre Sarah Leroy : quittances d’avril à mai 2026 signées',
    );
    expect(say(note('months.updated', { params: { months: ['2026-10', '2026-10', 'bad'] } }), 'en')).toBe(
      'Claim Sarah Leroy: month of October 2026 updated',
    );
  });

  it('says a flood summed up in one notification, and a file whose tenant is not known yet', () => {
    expect(say(note('payment.changed', { params: { count: 12 } }))).toBe(
      'Sinistre Sarah Leroy : paiement du locataire mis à jour (12 changements)',
    );
    expect(notificationFileLabel({ kind: 'claim', id: 'x', label: ' ' }, 'en')).toBe('Claim');
    expect(say(note('assigned', { params: { assignee: null } }), 'en')).toBe('Claim Sarah Leroy: no longer looked after by anyone');
  });

  it('says who gave a file to whom in one sentence, and a file one took oneself as taken', () => {
    const given = note('assigned', { params: { assignee: 'Samuel Staff' }, actor: 'Marion Manager' });
    expect(say(given)).toBe('Sinistre Sarah Leroy : suivi confié à Samuel Staff par Marion Manager');
    expect(say(given, 'en')).toBe('Claim Sarah Leroy: Marion Manager gave it to Samuel Staff to look after');
    const taken = note('assigned', { params: { assignee: 'Inès Intermédiaire' }, actor: 'Inès Intermédiaire' });
    expect(say(taken)).toBe('Sinistre Sarah Leroy : pris en charge par Inès Intermédiaire');
    expect(say(taken, 'en')).toBe('Claim Sarah Leroy: taken by Inès Intermédiaire to look after');
  });

  it('has e-mail words in both languages, the same keys', () => {
    expect(Object.keys(NOTIFICATION_WORDS.en.mail)).toEqual(Object.keys(NOTIFICATION_WORDS.fr.mail));
    expect(NOTIFICATION_WORDS.en.mail.digestSubject('3', false)).toBe('3 changes on the files you watch');
    expect(NOTIFICATION_WORDS.fr.mail.digestSubject('1', true)).toBe('1 changement sur vos dossiers surveillés');
  });
});
