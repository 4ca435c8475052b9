import { expect, test, invitedColleague } from './support.js';

const OLD = 'cheval agrafe batterie correcte';
const NEW = 'le phare du port brille encore tard';

test('changing one’s password in My account: the new one signs in, the old one is refused', async ({ page, browser }) => {
  test.setTimeout(60_000); // an invitation, a password set, changed, then two sign-ins through the form
  // a colleague of its own (the demo users' passwords stay as they are for the other specs)
  const { email, token } = await invitedColleague(page, 'pw', 'Paula Passe');

  const context = await browser.newContext();
  const me = await context.newPage();
  await me.goto(`/set-password#${token}`);
  await me.getByLabel('Nouveau mot de passe').fill(OLD);
  await me.getByLabel('Confirmez le mot de passe').fill(OLD);
  await me.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
  await expect(me).not.toHaveURL(/set-password/);
  // signed in, the colleague lands on the work queue (once there, another address is typed)
  await expect(me.getByRole('heading', { name: 'À faire', level: 1 })).toBeVisible();

  await me.goto('/account');
  await me.getByLabel('Mot de passe actuel').fill(OLD);
  await me.getByLabel('Nouveau mot de passe').fill(NEW);
  await me.getByLabel('Confirmez le mot de passe').fill(NEW);
  await me.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(me.getByText('Mot de passe changé : vos autres sessions sont fermées.')).toBeVisible();
  await context.close();

  // a fresh browser: the old password is refused, the new one signs in
  const fresh = await browser.newContext();
  const p = await fresh.newPage();
  await p.goto('/sign-in');
  await p.getByLabel('Adresse e-mail').fill(email);
  await p.getByLabel('Mot de passe').fill(OLD);
  await p.getByRole('button', { name: 'Se connecter' }).click();
  await expect(p.getByRole('alert')).toHaveText('Adresse e-mail ou mot de passe incorrect.');
  await p.getByLabel('Mot de passe').fill(NEW);
  await p.getByRole('button', { name: 'Se connecter' }).click();
  // after a failed attempt the server answers the next one a little later: wait for it to sign in
  await expect(p).not.toHaveURL(/sign-in/);
  await p.goto('/account');
  await expect(p.getByText(email)).toBeVisible();
  await fresh.close();
});
