import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
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
