import { type Page } from '@playwright/test';
import { expect, test, USERS, PASSWORD, apiAs, invitedColleague, newProject, signInThroughForm, signInByApi } from './support.js';

/** Signs in through the form, from the sign-in page the app is on. */
async function signInHere(page: Page, role: keyof typeof USERS) {
  await page.getByLabel('Adresse e-mail').fill(USERS[role]);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Records, from now on, whether `text` is ever shown on the page, even for one frame. */
async function watchFor(page: Page, text: string) {
  await page.evaluate((t) => {
    const w = window as unknown as { seen?: boolean };
    w.seen = document.body.innerText.includes(t);
    new MutationObserver(() => {
      if (document.body.innerText.includes(t)) w.seen = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
}
const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen?: boolean }).seen === true);

test('the next user of the browser sees nothing of the previous one: no draft, no cached answer, no request after sign-out', async ({
  page,
}) => {
  // three users one after the other in one page: sign-ins, a form, two lists
  await signInThroughForm(page, 'staff');
  // a project only staff and managers see (intermediaries see the projects of their claims)
  const marker = `Confidentiel${Date.now().toString(36)}`;
  expect((await apiAs(page, 'POST', '/api/v3/projects', newProject(marker))).status()).toBe(201);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Projets de garantie' }).getByText(`Léa ${marker}`)).toBeVisible();

  // a tenant typed into the new-project form stays as staff's draft
  await page.getByRole('link', { name: 'Nouveau projet' }).click();
  await page.getByLabel('Prénom').fill('Tenant-privé');
  await page.getByLabel('E-mail').fill('tenant.prive@exemple.fr');
  await page.getByLabel('Téléphone').fill('06 98 76 54 32');

  // sign out: a form being filled asks first, and says the draft goes with the session
  const unauthorized: string[] = [];
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  const leave = page.getByRole('dialog', { name: 'Quitter le formulaire ?' });
  await expect(leave).toContainText('Se déconnecter efface le brouillon');
  page.on('response', (r) => r.status() === 401 && unauthorized.push(r.url()));
  await leave.getByRole('button', { name: 'Quitter' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('Tenant-privé');
  await page.waitForLoadState('networkidle');
  expect(unauthorized).toEqual([]);

  // an intermediary signs in on the same page: nothing of staff's, not even for a frame
  await watchFor(page, marker);
  await signInHere(page, 'intermediary');
  await expect(page).toHaveURL(/\/$/);
  // the new-project page is refused to an intermediary at once: no form, nothing of staff's draft
  await page.goto('/projects/new');
  await expect(page.getByText('Cette page est réservée aux responsables et aux collaborateurs de l’agence.')).toBeVisible();
  await expect(page.getByLabel('Prénom')).toHaveCount(0);
  await expect(page.getByText('Tenant-privé')).toHaveCount(0);
  await expect(page.getByText('Brouillon restauré.')).toHaveCount(0);
  await page.getByRole('link', { name: 'Projets' }).first().click();
  await expect(page.getByRole('table', { name: 'Projets de garantie' }).getByRole('row').nth(1)).toBeVisible();
  expect(await seen(page)).toBe(false);

  // then a manager, after the intermediary signs out
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signInHere(page, 'manager');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/projects/new');
  await expect(page.getByLabel('Prénom')).toHaveValue('');
  await expect(page.getByLabel('E-mail')).toHaveValue('');
  await expect(page.getByText('Brouillon restauré.')).toHaveCount(0);

  // the manager signs out with nothing typed: no request keeps firing (each would answer 401)
  await page.getByRole('link', { name: 'Projets' }).first().click();
  await expect(page.getByText(`Léa ${marker}`)).toBeVisible();
  unauthorized.length = 0;
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(unauthorized).toEqual([]);
});

test('an invitation’s link opened while another user is signed in shows the invited user once their password is set, never the earlier one', async ({
  page,
}) => {
  // the manager invites a colleague and opens the link in this very browser: the link's page
  // loads with the manager's session live
  const { token } = await invitedColleague(page, 'priv', 'Paula Privée');
  await page.goto(`/set-password#${token}`);
  await page.getByLabel('Nouveau mot de passe').fill('cheval agrafe batterie correcte');
  await page.getByLabel('Confirmez le mot de passe').fill('cheval agrafe batterie correcte');
  await watchFor(page, 'Marion Manager');
  await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
  await expect(page).not.toHaveURL(/set-password/);
  await expect(page.getByRole('link', { name: /mon compte$/ })).toContainText('Paula Privée');
  expect(await seen(page)).toBe(false);
});

test('a tab opened on the sign-in page while another user was signed in shows the user who signs in there, never the earlier one', async ({
  page,
}) => {
  // the manager's session is live in this browser; the tab opens the sign-in page (a bookmark)
  await signInByApi(page, 'manager');
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await watchFor(page, 'Marion Manager');
  await signInHere(page, 'intermediary');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /mon compte$/ })).toContainText('Inès Intermédiaire');
  await expect(page.getByRole('link', { name: 'Audit', exact: true })).toHaveCount(0);
  expect(await seen(page)).toBe(false);
});
