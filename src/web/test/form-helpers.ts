import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

export type User = ReturnType<typeof userEvent.setup>;

/** Chooses `option` in the select named `label` (within `scope`, the page by default). */
export async function pick(user: User, label: string | RegExp, option: string, scope: HTMLElement = document.body) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

/** Types a date (ddmmyyyy: French order) into the picker named `label`. */
export async function typeDate(user: User, label: string, ddmmyyyy: string, scope: HTMLElement = document.body) {
  // the field comes with the pickers' code (a part of its own): found once it is there, as a user would
  const group = await within(scope).findByRole('group', { name: new RegExp(`^${label}`) }, { timeout: 5000 });
  await user.click(within(group).getAllByRole('spinbutton')[0] as HTMLElement);
  await user.keyboard(ddmmyyyy);
}
