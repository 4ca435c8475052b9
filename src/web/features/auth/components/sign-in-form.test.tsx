import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.js';
import { createQueryClient } from '../../../lib/query-client.js';
import { requests, server } from '../../../test/server.js';
import { SignInForm } from './sign-in-form.js';

function setup(answers: Record<string, { status: number; body: Record<string, unknown> }>, ssoCode: string | null = null, lang = 'fr') {
  for (const [path, a] of Object.entries(answers))
    server.use(http.all(path, () => HttpResponse.json(a.body, { status: a.status, headers: { 'x-request-id': 'req-42' } })));
  const onSignedIn = vi.fn();
  void i18n.changeLanguage(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <SignInForm onSignedIn={onSignedIn} ssoCode={ssoCode} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { calls: requests, onSignedIn };
}

describe('SignInForm', () => {
  it('validates with the contract schema before sending anything', async () => {
    const { calls } = setup({ '/api/mode': { status: 200, body: { mode: 'live', sso: null, localPasswords: true } } });
    await userEvent.type(screen.getByLabelText(/Adresse e-mail/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Adresse e-mail invalide.')).toBeInTheDocument();
    expect(calls).not.toContain('POST /api/login');
  });

  it('shows the catalogue message when the server refuses, without a support reference (the user fixes it)', async () => {
    const { onSignedIn } = setup({
      '/api/mode': { status: 200, body: { mode: 'sandbox', sso: null, localPasswords: true } },
      '/api/login': { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'raw upstream text', requestId: 'req-42' } },
    });
    await userEvent.type(screen.getByLabelText(/Adresse e-mail/), 'a@b.fr');
    await userEvent.type(screen.getByLabelText(/Mot de passe/), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Adresse e-mail ou mot de passe incorrect.');
    expect(alert).not.toHaveTextContent('req-42');
    expect(alert).not.toHaveTextContent('Référence');
    expect(alert).not.toHaveTextContent('raw upstream text');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(await screen.findByRole('note')).toHaveTextContent('sandbox-demo');
  });

  it('signs in and hands over', async () => {
    const { onSignedIn } = setup({
      '/api/mode': { status: 200, body: { mode: 'live', sso: null, localPasswords: true } },
      '/api/login': { status: 200, body: { success: true } },
    });
    await userEvent.type(screen.getByLabelText(/Adresse e-mail/), 'a@b.fr');
    await userEvent.type(screen.getByLabelText(/Mot de passe/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('SignInForm with single sign-on', () => {
  const sso = (localPasswords: boolean) => ({
    '/api/mode': { status: 200, body: { mode: 'live', sso: { name: 'Agence ID' }, localPasswords } },
  });

  it('offers “Sign in with <provider>” beside the password form, a link to the server’s start', async () => {
    setup(sso(true), null, 'en');
    const button = await screen.findByRole('link', { name: 'Sign in with Agence ID' });
    expect(button).toHaveAttribute('href', '/api/sso/start');
    expect(screen.getByLabelText(/Password/)).toBeInTheDocument();
  });

  it('with passwords off, shows only the single sign-on button', async () => {
    setup(sso(false));
    expect(await screen.findByRole('link', { name: 'Se connecter avec Agence ID' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Mot de passe/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Se connecter' })).toBeNull();
  });

  it('says why a sign-on came back refused, in the user’s language, ', async () => {
    setup(sso(false), 'SSO_DOMAIN', 'en');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your email address is not in a domain allowed on this dashboard');
  });

  it('ignores a reason it does not know', async () => {
    setup(sso(false), '<script>');
    await screen.findByRole('link', { name: 'Se connecter avec Agence ID' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('SignInForm’s first focus', () => {
  it('opens with the focus in the email field, ready to type', async () => {
    setup({ '/api/mode': { status: 200, body: { mode: 'live', sso: null, localPasswords: true } } });
    const email = screen.getByLabelText(/Adresse e-mail/);
    expect(email).toHaveFocus();
    await userEvent.keyboard('a@b.fr');
    expect(email).toHaveValue('a@b.fr');
  });
});
