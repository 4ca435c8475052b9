import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentLang } from '../../lib/i18n.js';
import { renderApp } from '../../test/render.js';
import { server } from '../../test/server.js';
import SetPasswordRoute from './set-password.js';

const TOKEN = 'A'.repeat(43);
const link = (lang: 'fr' | 'en', kind: 'invite' | 'reset' = 'invite') =>
  server.use(
    http.post('/api/links/inspect', () =>
      HttpResponse.json({ kind, email: 'nina@agence.fr', name: 'Nina Nouvelle', lang, expiresAt: '2026-12-20T10:00:00.000Z' }),
    ),
  );

describe('the page of an invitation’s link', () => {
  it('speaks the language the invitation was made in, whatever the browser spoke, and the session after it too', async () => {
    link('en');
    await renderApp(<SetPasswordRoute />, { path: `/set-password#${TOKEN}`, lang: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome: choose your password' })).toBeInTheDocument();
    expect(screen.getByText('Hello Nina Nouvelle. Choose the password of your account; you will then be signed in.')).toBeInTheDocument();
    expect(screen.queryByText(/Bienvenue/)).toBeNull();
    // the UI language is kept: the first session goes on in English
    expect(currentLang()).toBe('en');
    expect(localStorage.getItem('pd.lang')).toBe('en');
  });

  it('a French one in French, in a browser that spoke English', async () => {
    link('fr', 'reset');
    await renderApp(<SetPasswordRoute />, { path: `/set-password#${TOKEN}`, lang: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choisissez un nouveau mot de passe' })).toBeInTheDocument();
    expect(currentLang()).toBe('fr');
  });
});
