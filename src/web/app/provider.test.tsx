import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.js';
import { server } from '../test/server.js';
import { App } from './provider.js';

const session = {
  user: { email: 'staff@demo-agency.fr', name: 'Samuel Staff', role: 'staff' },
  mode: 'live',
  today: '2026-06-15',
  csrfToken: 't',
};
const expired = () => HttpResponse.json({ code: 'UNAUTHENTICATED', message: 'session expired', requestId: 'r1' }, { status: 401 });

describe('the app when the session ends under it', () => {
  it('a call answering UNAUTHENTICATED sends the user to sign-in, to come back to the page they were on', async () => {
    await i18n.changeLanguage('fr');
    window.history.pushState({}, '', '/?tenant=Martin');
    server.use(
      http.get('/api/session', () => HttpResponse.json(session)),
      http.get('/api/inbox', expired),
      http.get('/api/mode', () => HttpResponse.json({ mode: 'live', sso: null, localPasswords: true })),
    );
    render(<App />);
    expect(await screen.findByRole('button', { name: 'Se connecter' }, { timeout: 10_000 })).toBeInTheDocument();
    // the tab was signed in: the sign-in page says the session ended
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/sign-in?ended=1&next=%2F%3Ftenant%3DMartin'));
    expect(screen.getByRole('status')).toHaveTextContent(/^Votre session a pris fin/);
  });
});
