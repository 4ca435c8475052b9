import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test } from 'vitest';
import { i18n } from '../lib/i18n.js';
import { requests, server } from '../test/server.js';
import { App } from './provider.js';

afterEach(() => window.history.replaceState({}, '', '/'));

test('an unknown address shows the not-found page, with a way back to the projects', async () => {
  await i18n.changeLanguage('fr');
  window.history.replaceState({}, '', '/nowhere?x=1');
  render(<App />);
  expect(await screen.findByRole('heading', { name: 'Page introuvable' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/projects');
});

test('the sign-in page is drawn with the sandbox notice already known (its loader reads the mode first)', async () => {
  await i18n.changeLanguage('en');
  window.history.replaceState({}, '', '/sign-in');
  server.use(http.get('/api/mode', () => HttpResponse.json({ mode: 'sandbox', sso: null, localPasswords: true })));
  render(<App />);
  const button = await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 });
  // drawn in the same render as the form: nothing appears above it afterwards
  expect(button.ownerDocument.body.textContent).toContain('Sandbox: manager@demo-agency.fr');
  await i18n.changeLanguage('fr');
});

test('an e-mail’s unsubscribe link opens its page without a session (nothing asks who is signed in, nothing is sent)', async () => {
  await i18n.changeLanguage('fr');
  window.history.replaceState({}, '', '/unsubscribe?t=v1.token');
  render(<App />);
  expect(await screen.findByRole('heading', { name: 'Se désabonner des e-mails' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Me désabonner' })).toBeInTheDocument();
  expect(requests.filter((r) => r.startsWith('POST') || r.startsWith('GET /api/session'))).toEqual([]);
});
