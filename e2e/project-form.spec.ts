import { type Page } from '@playwright/test';
import { expect, test, signIn } from './support.js';

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The focused element is inside the first field the page shows in error. */
async function focusIsOnFirstInvalidField(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const first = document.querySelector('form .Mui-error')?.closest('.MuiFormControl-root, .MuiPickersTextField-root');
    return Boolean(first && document.activeElement && first.contains(document.activeElement));
  });
}

// Status → what its conditional section needs filled before switching away from it.
const PATHS: { from: string; fill: (page: Page) => Promise<void>; to: string }[] = [
  {
    from: 'Étudiant',
    fill: async (page) => {
      const referent = page.getByRole('region', { name: 'Garant (parent ou tiers)' });
      await referent.getByLabel('Prénom').fill('Paul');
      await referent.getByLabel('E-mail').fill('pas-un-email');
    },
    to: 'CDI du privé',
  },
  { from: 'CDD du privé', fill: (page) => pick(page, 'Durée du contrat', 'Moins de 6 mois'), to: 'CDI du privé' },
  { from: 'Retraité', fill: (page) => page.getByLabel('Pension de retraite nette mensuelle').fill('1500'), to: 'CDI du privé' },
  { from: 'CDI du privé', fill: (page) => page.getByLabel('Revenus nets mensuels').fill('2500'), to: 'Étudiant' },
];

test('every path through the conditional sections ends in visible errors on the first invalid field, or in a request', async ({ page }) => {
  test.setTimeout(60_000); // every path through the conditional sections, one after the other
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, 'staff', '/projects/new');
  for (const path of PATHS) {
    await pick(page, 'Situation professionnelle', path.from);
    await path.fill(page);
    await pick(page, 'Situation professionnelle', path.to);
    await page.getByRole('button', { name: 'Créer le projet' }).click();
    await expect(page.getByText('Champ obligatoire.').first()).toBeVisible();
    await expect.poll(() => focusIsOnFirstInvalidField(page), { message: `${path.from} → ${path.to}` }).toBe(true);
  }
  expect(errors).toEqual([]);

  // the student's referent, hidden again, is neither validated nor sent: a complete tenant is created
  await page.getByLabel('Revenus nets mensuels').first().fill('900');
  const referent = page.getByRole('region', { name: 'Garant (parent ou tiers)' });
  await referent.getByLabel('Prénom').fill('Paul');
  await pick(page, 'Situation professionnelle', 'CDI du privé');
  await page.getByLabel('Revenus nets mensuels').fill('3000');
  await pick(page, 'Civilité', 'Madame');
  await page.getByLabel('Prénom').fill('Agathe');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Chemin');
  await page.getByLabel('E-mail').fill('agathe.chemin@exemple.fr');
  await page.getByRole('group', { name: 'Date de naissance' }).getByRole('spinbutton').first().click();
  await page.keyboard.type('02021992');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v3/projects'));
  await page.getByRole('button', { name: 'Créer le projet' }).click();
  expect((await sent).postDataJSON()).not.toHaveProperty('referent');
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Agathe Chemin' })).toBeVisible();

  // a successful creation ends its draft: the next new project starts empty
  await page.getByRole('link', { name: 'Retour aux projets' }).click();
  await page.getByRole('link', { name: 'Nouveau projet' }).click();
  await expect(page.getByRole('heading', { name: 'Nouveau projet de garantie' })).toBeVisible();
  await expect(page.getByLabel('Prénom')).toHaveValue('');
  await expect(page.getByText('Brouillon restauré.')).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Prénom')).toHaveValue('');
  await expect(page.getByText('Brouillon restauré.')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('discarding the draft empties the form; a pre-score made for other finances is not shown as current', async ({ page }) => {
  await signIn(page, 'staff', '/projects/new');
  await pick(page, 'Situation professionnelle', 'CDI du privé');
  await page.getByLabel('Revenus nets mensuels').fill('3000');
  await page.getByLabel('Prénom').fill('Brouillon');
  await page.getByLabel('Téléphone').fill('06 11 22 33 44');
  await page.getByRole('group', { name: 'Date de naissance' }).getByRole('spinbutton').first().click();
  await page.keyboard.type('03031993');
  await page.reload();
  await expect(page.getByText('Brouillon restauré.')).toBeVisible();
  await expect(page.getByLabel('Prénom')).toHaveValue('Brouillon');
  await expect(page.getByLabel('Téléphone')).toHaveValue('06 11 22 33 44');

  // the draft keeps the data: leaving says so
  await page.getByLabel('Prénom').fill('Brouillon bis');
  await page.getByRole('link', { name: 'Retour aux projets' }).click();
  const leave = page.getByRole('dialog', { name: 'Quitter le formulaire ?' });
  await expect(leave).toContainText('reste enregistré comme brouillon');
  await expect(leave).not.toContainText('perdues');
  await leave.getByRole('button', { name: 'Rester' }).click();

  await page.getByRole('button', { name: 'Effacer le brouillon' }).click();
  await expect(page.getByText('Brouillon restauré.')).toHaveCount(0);
  await expect(page.getByText('Brouillon effacé.')).toBeVisible();
  await expect(page.getByLabel('Prénom')).toHaveValue('');
  await expect(page.getByLabel('Téléphone')).toHaveValue('');
  await expect(page.getByLabel('Revenus nets mensuels')).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Situation professionnelle' })).not.toContainText('CDI');
  await expect(page.getByRole('group', { name: 'Date de naissance' })).not.toContainText('1993');
  expect(
    await page.evaluate(() =>
      Object.keys(sessionStorage).filter((k) => k.includes('draft') && sessionStorage.getItem(k)?.includes('Brouillon')),
    ),
  ).toEqual([]);

  // choosing the status again works at once: no stale error, the pre-score can be asked
  await pick(page, 'Situation professionnelle', 'CDI du privé');
  await expect(page.getByText('Choisissez une valeur dans la liste.')).toHaveCount(0);
  await page.getByLabel('Revenus nets mensuels').fill('3000');
  await page.getByRole('button', { name: 'Calculer le pré-score' }).click();
  const result = page.getByRole('status').filter({ hasText: 'Loyer maximum garanti' });
  await expect(result).toContainText('1 000');

  // finances change: the old result is not shown as this tenant's
  await page.getByLabel('Revenus nets mensuels').fill('1200');
  await expect(result).toHaveCount(0);
  await expect(page.getByText('La situation financière a changé depuis ce calcul : recalculez le pré-score.')).toBeVisible();
  await page.getByRole('button', { name: 'Calculer le pré-score' }).click();
  await expect(result).toContainText('400');
  await expect(page.getByText('La situation financière a changé')).toHaveCount(0);
});
