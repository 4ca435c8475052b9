import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.js';

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp.close());

describe('the mailer', () => {
  it('sends through SMTP_URL, from MAIL_FROM, with the text in UTF-8', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Tableau de bord <no-reply@agence.test>' });
    expect(mailer.enabled).toBe(true);
    await mailer.send({ to: 'lukasz@agence.test', subject: 'Invitation — Łukasz Nguyễn', text: 'Bonjour Łukasz Nguyễn 王小明' });
    const mail = await smtp.waitFor('lukasz@agence.test');
    expect(mail.from).toBe('no-reply@agence.test');
    expect(mail.raw).toMatch(/^Subject: /m);
    expect(mail.raw).toContain('no-reply@agence.test');
    mailer.close();
  });

  it('sends nothing and says so when SMTP_URL is not set', async () => {
    const mailer = createMailer({ smtpUrl: null, from: 'x <x@y.z>' });
    expect(mailer.enabled).toBe(false);
    await expect(mailer.send({ to: 'a@b.c', subject: 's', text: 't' })).rejects.toThrow(/SMTP_URL/);
  });
});
