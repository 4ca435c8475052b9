import { type Page } from '@playwright/test';
import { expect, test, activeClaim, signInByApi } from './support.js';

/**
 * Keyboard and screen-reader users keep their place: after each action the focus is where they
 * will want to go next (never the page's body), the outcome is said once by a live region, and
 * every control shows where the focus is.
 */

/** What the focus is on, as a screen reader names it: its role and accessible name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el && el !== document.body
      ? `${el.tagName.toLowerCase()}: ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`
      : 'body';
  });

test('declaring a month and recording a payment by keyboard: the focus goes to the form, back, and to what was saved', async ({ page }) => {
  await signInByApi(page, 'staff');
  await page.goto('/claims');
  const id = await activeClaim(page, 2, 'Clavier');
  await page.goto(`/claims/${id}`);
  const months = page.getByRole('table', { name: 'Mois de loyer' });
  const declare = months.getByRole('button', { name: /^Déclarer ce mois/ });

  // the month's form opens with the focus in its first field; Escape closes it onto its button again
  await declare.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Déclarer ce mois' });
  await expect(form.getByRole('group', { name: 'Date d’échéance' }).locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(declare).toBeFocused();

  // declared: the focus is on the month just declared, and the live region says it once
  await page.keyboard.press('Enter');
  await form.getByRole('button', { name: 'Déclarer', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: ': mois déclaré.' })).toBeVisible();
  await expect.poll(() => focused(page)).not.toBe('body');
  await expect(months.locator('tr[id^="month-"] :focus')).toHaveCount(1);

  // a payment: typed, sent by Enter, then the focus is on the payment in the list and its outcome is said
  const payment = page.getByRole('form', { name: 'Enregistrer un paiement' });
  await payment.getByLabel('Montant').focus();
  await page.keyboard.type('75');
  await payment.getByRole('button', { name: 'Enregistrer un paiement' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Paiement enregistré : 75,00/ })).toBeVisible();
  const list = page.getByRole('list', { name: 'Paiements du locataire' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Paiement enregistré ·' }).filter({ hasText: '75,00' })).toBeFocused();

  // the month declared is no longer news once the next action has started
  await expect(page.getByRole('status').filter({ hasText: ': mois déclaré.' })).toHaveCount(0);

  // what was said stays said in the language chosen afterwards
  await page.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Payment recorded: €75\.00/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Paiement enregistré/ })).toHaveCount(0);
});

test('every control reached by Tab on the work queue shows where the focus is: an outline of 2 px or more', async ({ page }) => {
  await signInByApi(page, 'manager');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'À faire' })).toBeVisible();
  await expect(page.locator('main .MuiSkeleton-root')).toHaveCount(0);
  const seen: { what: string; outline: string; width: number }[] = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const kind = el.classList.contains('MuiChip-root')
          ? 'chip'
          : el.tagName === 'A'
            ? 'link'
            : el.getAttribute('role') === 'combobox'
              ? 'combobox'
              : el.tagName === 'BUTTON'
                ? 'button'
                : el.tagName.toLowerCase();
        const what = `${kind}: ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`;
        // a field shows its focus on its frame (the outlined border, 2 px and in colour), the rest by an outline
        const frame = el.closest('.MuiInputBase-root')?.querySelector('.MuiOutlinedInput-notchedOutline');
        if (frame) return { what, outline: getComputedStyle(frame).borderStyle, width: parseFloat(getComputedStyle(frame).borderTopWidth) };
        const style = getComputedStyle(el);
        return { what, outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      }),
    );
  }
  const kinds = new Set(seen.map((s) => s.what.split(':')[0]));
  for (const kind of ['link', 'button', 'combobox', 'chip']) expect(kinds, `a ${kind} was reached`).toContain(kind);
  expect(seen.filter((s) => s.outline === 'none' || s.width < 2).map((s) => s.what)).toEqual([]);
});
