import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render.js';
import { server } from '../../../test/server.js';
import { PasswordForm } from './password-form.js';
import { SetPasswordForm } from './set-password-form.js';

const NEW = 'une phrase de printemps tranquille';

/** The server accepting the form's write: `body` is what it was sent (null: nothing yet). */
function accepted(method: typeof http.put, path: string) {
  const sent: { body: unknown } = { body: null };
  server.use(
    method(path, async ({ request }) => {
      sent.body = await request.json();
      return HttpResponse.json({ success: true });
    }),
  );
  return sent;
}

describe('the password forms (My account, and an invitation’s or a reset’s link)', () => {
  it('My account: a confirmation that differs is said on it and nothing is sent; the same one changes the password', async () => {
    const sent = accepted(http.put, '/api/account/password');
    const user = userEvent.setup({ delay: null });
    await renderApp(<PasswordForm name="Samuel Staff" email="staff@demo.fr" />);
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'ancien mot de passe');
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), NEW);
    await user.type(screen.getByLabelText(/^Confirmez le mot de passe/), `${NEW}!`);
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText('Les deux mots de passe ne sont pas identiques.')).toBeInTheDocument();
    expect(sent.body).toBeNull();
    await user.type(screen.getByLabelText(/^Confirmez le mot de passe/), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    await waitFor(() => expect(sent.body).toEqual({ currentPassword: 'ancien mot de passe', newPassword: NEW }));
  });

  it('a link: a password with the person’s name is refused while typing, a confirmation that differs too; the right pair is sent with the link', async () => {
    const sent = accepted(http.post, '/api/links/use');
    const onDone = vi.fn();
    const user = userEvent.setup({ delay: null });
    const info = {
      kind: 'invite',
      email: 'nina@agence.fr',
      name: 'Nina Nouvelle',
      lang: 'fr',
      expiresAt: '2026-12-20T10:00:00.000Z',
    } as const;
    await renderApp(<SetPasswordForm token="T0KEN" info={info} onDone={onDone} />);
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'nouvelle nina printemps');
    await user.type(screen.getByLabelText(/^Confirmez le mot de passe/), 'autre chose');
    await user.click(screen.getByRole('button', { name: 'Enregistrer et me connecter' }));
    expect(await screen.findByText('Les deux mots de passe ne sont pas identiques.')).toBeInTheDocument();
    expect(screen.getByText('Ne doit contenir ni votre nom ni votre adresse e-mail.')).toBeInTheDocument();
    expect(sent.body).toBeNull();
    await user.clear(screen.getByLabelText(/^Nouveau mot de passe/));
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), NEW);
    await user.clear(screen.getByLabelText(/^Confirmez le mot de passe/));
    await user.type(screen.getByLabelText(/^Confirmez le mot de passe/), NEW);
    await user.click(screen.getByRole('button', { name: 'Enregistrer et me connecter' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent.body).toEqual({ token: 'T0KEN', password: NEW });
  });

  it('opens again once the list of common passwords is there (My account left and come back to)', async () => {
    const user = userEvent.setup({ delay: null });
    const first = await renderApp(<PasswordForm name="Samuel Staff" email="staff@demo.fr" />);
    // the list the form fetches when it opens, there before the password is typed
    await import('../lib/common-passwords.js');
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'motdepassemotdepasse');
    await user.tab();
    expect(await screen.findByText(/^Trop courant/, {}, { timeout: 10_000 })).toBeInTheDocument();
    first.unmount();
    await renderApp(<PasswordForm name="Samuel Staff" email="staff@demo.fr" />);
    expect(screen.getByRole('form', { name: 'Changer mon mot de passe' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'motdepassemotdepasse');
    await user.tab();
    expect(await screen.findByText(/^Trop courant/)).toBeInTheDocument();
  });
});
