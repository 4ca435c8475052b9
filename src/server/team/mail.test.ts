import { describe, expect, it } from 'vitest';
import { linkMail } from './mail.js';

const to = (lang: 'fr' | 'en') => ({ email: 'lea@example.com', name: 'Léa Martin', role: 'intermediary' as const, lang });

describe('an invitation or reset e-mail', () => {
  it('gives the link’s last day as Paris reads it, even late in the evening UTC, and the first of a month as French writes it', () => {
    // 23:30 UTC on 14 December is 00:30 on the 15th in Paris
    expect(linkMail('invite', to('en'), 'Marie', 'https://dash.example/l', Date.parse('2026-12-14T23:30:00Z')).text).toContain(
      'valid until 15 December 2026, once',
    );
    const reset = linkMail('reset', to('fr'), 'Marie', 'https://dash.example/l', Date.parse('2026-02-28T23:30:00Z'));
    expect(reset.text.replace(/\s/g, ' ')).toContain('valable jusqu’au 1er mars 2026, une seule fois');
  });

  it('is written in the recipient’s language, the role in words and the link on a line of its own', () => {
    const mail = linkMail('invite', to('fr'), 'Marie Dupont', 'https://dash.example/l?t=abc', Date.parse('2026-06-22T10:00:00Z'));
    expect(mail.subject).toBe('Marie Dupont vous invite sur le tableau de bord partenaire');
    expect(mail.text.split('\n')).toContain('https://dash.example/l?t=abc');
    expect(mail.text).toMatch(/^Bonjour Léa Martin,\n/);
    expect(mail.text).toContain('comme intermédiaire.');
  });
});
