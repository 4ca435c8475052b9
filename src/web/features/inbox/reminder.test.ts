// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ProjectInboxLine } from '../../../contract/inbox.js';
import { i18n } from '../../lib/i18n.js';
import { reminderHref } from './reminder.js';

const line = (status: 4 | 5 | 6, reminder: ProjectInboxLine['reminder']): ProjectInboxLine => ({
  area: 'project',
  kind: 'project.waiting',
  projectId: '22222222-2222-4222-8222-222222222222',
  tenant: { firstName: 'Léa', lastName: 'Martin' },
  since: '2026-06-01',
  days: 14,
  status,
  missing: [],
  rejectionReason: null,
  reminder,
  assignee: null,
});

const tenant = {
  to: 'tenant' as const,
  firstName: 'Léa',
  lastName: 'Martin',
  email: 'lea.martin@exemple.fr',
  publicUrl: 'https://partner.example/r/abc?x=1&y=2',
};
const owner = { to: 'owner' as const, firstName: 'Odile', lastName: 'Proprio', email: 'odile@exemple.fr', publicUrl: null };

const parse = (href: string | null) => {
  const url = new URL(href ?? 'about:blank');
  return { to: url.pathname, subject: url.searchParams.get('subject'), body: url.searchParams.get('body') ?? '' };
};

describe('the prepared follow-up e-mail', () => {
  it('goes to the tenant with the link of their journey, in French', async () => {
    await i18n.changeLanguage('fr');
    const mail = parse(reminderHref(line(5, tenant), i18n.t, 'fr', 'Samuel Staff'));
    expect(mail.to).toBe('lea.martin@exemple.fr');
    expect(mail.subject).toBe('Votre garantie locative attend votre signature');
    expect(mail.body.split('\r\n')).toEqual([
      'Bonjour Léa Martin,',
      '',
      'Votre contrat de garantie locative n’attend plus que votre signature, depuis le 01/06/2026.',
      '',
      'Reprenez votre parcours ici : https://partner.example/r/abc?x=1&y=2',
      '',
      'Bien cordialement,',
      'Samuel Staff',
    ]);
  });

  it('in English, and without a link when the partner gave none', async () => {
    await i18n.changeLanguage('en');
    const mail = parse(reminderHref(line(4, { ...tenant, publicUrl: null }), i18n.t, 'en', 'Samuel Staff'));
    expect(mail.subject).toBe('Your rental guarantee awaits your payment');
    expect(mail.body).toContain('Resume your journey from the e-mail you received when your file was created.');
    expect(mail.body).not.toMatch(/https?:/);
    await i18n.changeLanguage('fr');
  });

  it('goes to the owner for their signature, never with the tenant’s link', async () => {
    await i18n.changeLanguage('fr');
    const mail = parse(reminderHref(line(6, owner), i18n.t, 'fr', 'Samuel Staff'));
    expect(mail.to).toBe('odile@exemple.fr');
    expect(mail.subject).toBe('La garantie locative de Léa Martin attend votre signature');
    expect(mail.body).toContain('Bonjour Odile Proprio,');
    expect(mail.body).not.toMatch(/parcours|https?:/);
  });

  it('is not offered without someone to write to', () => {
    expect(reminderHref(line(5, null), i18n.t, 'fr', 'Samuel Staff')).toBeNull();
    expect(reminderHref(line(5, { ...tenant, email: '' }), i18n.t, 'fr', 'Samuel Staff')).toBeNull();
  });
});
