import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import type { TeamMember } from '../../../../contract/team.js';
import { renderApp } from '../../../test/render.js';
import { countOf, server } from '../../../test/server.js';
import { TeamManager } from './team-manager.js';

const claire: TeamMember = {
  id: 'u-claire',
  email: 'claire@demo-agency.fr',
  name: 'Claire Dupont',
  role: 'staff',
  state: 'active',
  lang: 'fr',
  lastSignInAt: null,
  link: null,
};

function team() {
  const changed: unknown[] = [];
  server.use(
    http.get('/api/team', () => HttpResponse.json({ users: [claire] })),
    http.patch('/api/team/users/u-claire', async ({ request }) => {
      changed.push(await request.json());
      return HttpResponse.json({ ...claire, role: 'manager' });
    }),
    http.post('/api/team/users/u-claire/deactivate', () => HttpResponse.json({ ...claire, state: 'deactivated' })),
  );
  return changed;
}

test('a role change (what someone may do) is asked first, saying from what to what; cancelled, nothing changes', async () => {
  const changed = team();
  await renderApp(<TeamManager me="manager@demo-agency.fr" />);
  await userEvent.click(within(await screen.findByRole('row', { name: /Claire Dupont/ })).getByRole('combobox'));
  await userEvent.click(screen.getByRole('option', { name: 'Responsable' }));
  const dialog = await screen.findByRole('dialog', { name: 'Changer le rôle de Claire Dupont ?' });
  expect(dialog).toHaveTextContent('Collaborateur → Responsable');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
  expect(countOf('PATCH', '/api/team/users/u-claire')).toBe(0);

  await userEvent.click(within(screen.getByRole('row', { name: /Claire Dupont/ })).getByRole('combobox'));
  await userEvent.click(screen.getByRole('option', { name: 'Responsable' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Changer le rôle' }));
  expect(await screen.findByText('Rôle de Claire Dupont changé : il s’applique dès sa prochaine action.')).toBeInTheDocument();
  expect(changed).toEqual([{ role: 'manager' }]);
});

test('a deactivation is told in words that agree with anyone (no "Claire Dupont est désactivé")', async () => {
  team();
  await renderApp(<TeamManager me="manager@demo-agency.fr" />);
  await userEvent.click(await screen.findByRole('button', { name: /Désactiver/ }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Désactiver/ }));
  expect(await screen.findByText('Compte de Claire Dupont désactivé.')).toBeInTheDocument();
});
