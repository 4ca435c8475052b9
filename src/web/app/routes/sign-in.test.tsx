import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { keepClock } from '../../features/auth/lib/session-clock.js';
import { saveDraft } from '../../lib/drafts.js';
import { renderApp } from '../../test/render.js';
import { server } from '../../test/server.js';
import SignInRoute from './sign-in.js';

const live = () => server.use(http.get('/api/mode', () => HttpResponse.json({ mode: 'live', sso: null, localPasswords: true })));

describe('the sign-in page', () => {
  it('says why the user is there when their session ended in the middle of their work', async () => {
    live();
    await renderApp(<SignInRoute />, { path: '/sign-in?ended=1&next=%2Fclaims' });
    expect(screen.getByRole('status')).toHaveTextContent(/^Votre session a pris fin/);
    expect(await screen.findByLabelText(/Adresse e-mail/)).toBeInTheDocument();
  });

  it('in English too, and says nothing of a session when the user simply came to sign in', async () => {
    live();
    const { unmount } = await renderApp(<SignInRoute />, { path: '/sign-in?ended=1', lang: 'en' });
    expect(screen.getByRole('status')).toHaveTextContent(/^Your session has ended/);
    unmount();
    await renderApp(<SignInRoute />, { path: '/sign-in?next=%2Fclaims' });
    expect(await screen.findByLabelText(/Adresse e-mail/)).toBeInTheDocument();
    expect(screen.queryByText(/session a pris fin/)).toBeNull();
  });
});

describe('the sign-in page after a session that ended by itself', () => {
  it('says which limit ended it, or that it was closed elsewhere, and that what was typed waits for the same account', async () => {
    live();
    keepClock({ idleEndsIn: 0, endsIn: 3_600_000, idleLimit: 30 * 60_000, maxLimit: 12 * 3_600_000 }, 0);
    const { unmount } = await renderApp(<SignInRoute />, { path: '/sign-in?ended=idle&next=%2Fclaims' });
    expect(screen.getByRole('status')).toHaveTextContent(/^Votre session a pris fin après 30 minutes sans activité\./);
    expect(screen.getByRole('status')).not.toHaveTextContent(/vous attend/);
    unmount();
    saveDraft('payment:c1', 'marion@demo-agency.fr', { amount: 12 });
    const max = await renderApp(<SignInRoute />, { path: '/sign-in?ended=max&next=%2Fclaims', lang: 'en' });
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Your session has ended: it reached its longest length \(12 hours after signing in\)/,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      /What you had typed is waiting for you on that page if you sign in again with the same account\./,
    );
    max.unmount();
    await renderApp(<SignInRoute />, { path: '/sign-in?ended=elsewhere&next=%2Fclaims' });
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Votre session a pris fin : elle a été fermée ailleurs \(sur un autre appareil, par un changement de mot de passe ou par un responsable\)/,
    );
  });

  it('sends single sign-on back to the page the person was on', async () => {
    server.use(http.get('/api/mode', () => HttpResponse.json({ mode: 'live', sso: { name: 'Agence ID' }, localPasswords: true })));
    await renderApp(<SignInRoute />, { path: '/sign-in?ended=idle&next=%2Fclaims%2F42%3Ftab%3Dpayments' });
    expect(await screen.findByRole('link', { name: 'Se connecter avec Agence ID' })).toHaveAttribute(
      'href',
      '/api/sso/start?next=%2Fclaims%2F42%3Ftab%3Dpayments',
    );
  });
});
