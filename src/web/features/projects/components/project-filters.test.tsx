import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { ProjectStatus } from '../../../../contract/enums.js';
import { renderApp } from '../../../test/render.js';
import { ProjectFilters } from './project-filters.js';

// an option's box is drawn ticked from its aria-selected (e2e/page-loading.spec sees the tick)
const ticked = (option: HTMLElement) => option.getAttribute('aria-selected') === 'true';

test('the status filter ticks the statuses chosen, and a tap on another ticks it and filters by both', async () => {
  const onStatuses = vi.fn();
  await renderApp(
    <ProjectFilters
      statuses={[ProjectStatus.Suspended]}
      search=""
      onStatuses={onStatuses}
      onSearch={() => undefined}
      onClear={() => undefined}
    />,
  );
  await userEvent.click(screen.getByRole('combobox', { name: 'Statuts' }));
  const suspended = await screen.findByRole('option', { name: 'Suspendu' });
  expect(suspended).toHaveAttribute('aria-selected', 'true');
  expect(ticked(suspended)).toBe(true);
  const others = screen.getAllByRole('option').filter((o) => o !== suspended);
  expect(others.length).toBeGreaterThan(5);
  expect(others.filter(ticked)).toEqual([]);

  const active = screen.getByRole('option', { name: 'Actif, contrat en cours' });
  await userEvent.click(active);
  expect(onStatuses).toHaveBeenLastCalledWith([ProjectStatus.Suspended, ProjectStatus.Active]);
  await waitFor(() => expect(ticked(screen.getByRole('option', { name: 'Actif, contrat en cours' }))).toBe(true));
  expect(screen.getByRole('option', { name: 'Actif, contrat en cours' })).toHaveAttribute('aria-selected', 'true');
  // the field says them in the list's order, not the order they were ticked in
  await userEvent.keyboard('{Escape}');
  expect(screen.getByRole('combobox', { name: 'Statuts' })).toHaveTextContent(/^Actif, contrat en cours, Suspendu$/);
});
