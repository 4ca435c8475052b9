import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'sandbox-demo';
export const USERS = {
  manager: 'manager@demo-agency.fr',
  staff: 'staff@demo-agency.fr',
  intermediary: 'intermediary@demo-agency.fr',
} as const;

export async function signIn(page: Page, role: keyof typeof USERS, next = '/projects'): Promise<void> {
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Adresse e-mail').fill(USERS[role]);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(new RegExp(next.replace(/[?]/g, '\\?')));
}

/** axe finds no serious or critical violation on the page as it is. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Calls the dashboard API as the signed-in browser user (cookie, Origin and CSRF token). */
export async function apiAs(page: Page, method: 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const base = new URL(page.url()).origin;
  const session = (await (await page.request.get('/api/session')).json()) as { csrfToken: string };
  return page.request.fetch(path, { method, data, headers: { origin: base, 'x-csrf-token': session.csrfToken } });
}

export const newProject = (lastName: string) => ({
  profile: {
    gender: 2,
    firstName: 'Léa',
    lastName,
    email: `${lastName.toLowerCase()}@exemple.fr`,
    dateOfBirth: '1991-03-04',
    phone: { phoneContryCode: 'FR', phoneFormated: '+33612345678' },
  },
  finance: { status: 4, monthlyIncome: 3200 },
});
