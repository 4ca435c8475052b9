import { expect, test, activeClaim, signIn } from './support.js';

/** The oldest first unpaid month the contract accepts (CLAIM_FIRST_MONTH_MAX_AGE_MONTHS). */
const MONTHS_BACK = 36;

test('a claim years old renders a bounded timeline: the next month to declare, the latest months, the rest counted', async ({ page }) => {
  await signIn(page, 'staff');
  const id = await activeClaim(page, MONTHS_BACK, 'Okonkwo');
  const debts = (await (await page.request.get(`/api/v1/claims/${id}/rentaldebts`)).json()) as { id: string | null; rentDueDate: string }[];
  const next = debts.find((d) => d.id === null);
  const all = debts.length;
  expect(all).toBeGreaterThan(MONTHS_BACK - 2);
  await page.goto(`/claims/${id}`);

  const timeline = page.getByRole('table', { name: 'Mois de loyer' });
  const months = timeline.locator('tbody tr[id^="month-"]');
  await expect(months).toHaveCount(13); // the first (next to declare) and the latest 12
  await expect(months.first()).toHaveAttribute('id', `month-${next?.rentDueDate.slice(0, 7)}`);
  await expect(months.first().getByRole('button', { name: /^Déclarer ce mois/ })).toBeVisible();
  await expect(months.last()).toHaveAttribute('id', `month-${debts.at(-1)?.rentDueDate.slice(0, 7)}`);
  await expect(timeline).toContainText(`Mois plus anciens masqués : ${all - 13}.`);

  // 24 more at a time: the latest 36 months, the next month to declare now among them
  await timeline.getByRole('button', { name: 'Afficher 24 mois de plus' }).click();
  await expect(months).toHaveCount(36);
  await expect(timeline).toContainText(`Mois plus anciens masqués : ${all - 36}.`);
  await timeline.getByRole('button', { name: `Afficher ${all - 36} mois de plus` }).click();
  await expect(months).toHaveCount(all);
  await expect(timeline.getByText(/Mois plus anciens masqués/)).toHaveCount(0);

  // the chart draws at most 24 months and says which: here none of the latest is declared yet, so
  // it ends at the last declared month (the latest 24 would be an empty chart beside a debt)
  await expect(page.getByText(new RegExp(`^\\d+ mois sur ${all}, jusqu’au dernier mois déclaré`))).toBeVisible();

  // on a phone: one card per month, still bounded, nothing wider than the screen
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const cards = page.getByRole('list', { name: 'Mois de loyer' }).locator('li[id^="month-"]');
  await expect(cards).toHaveCount(13);
  await expect(cards.first().getByRole('button', { name: /^Déclarer ce mois/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
