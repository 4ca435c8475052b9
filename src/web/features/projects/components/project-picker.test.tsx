import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import { projectFixture } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { countOf, server } from '../../../test/server.js';
import { ProjectPicker } from './project-picker.js';

test('reads the projects when it opens, not with the page; then offers them and picks one', async () => {
  const project = projectFixture();
  server.use(http.get('/api/v3/projects', () => HttpResponse.json({ items: [project], total: 1, page: 1, pageSize: 20 })));
  const onChange = vi.fn();
  await renderApp(<ProjectPicker label="Projet" value={undefined} onChange={onChange} />);
  const picker = await screen.findByRole('combobox', { name: 'Projet' });
  await new Promise((r) => setTimeout(r, 50));
  expect(countOf('GET', '/api/v3/projects')).toBe(0);
  await userEvent.click(picker);
  const name = `${project.profile.firstName} ${project.profile.lastName}`;
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
  expect(onChange).toHaveBeenCalledWith(project.id);
  await waitFor(() => expect(countOf('GET', '/api/v3/projects')).toBe(1));
});

test('works by keyboard: typing searches the tenant’s name, the arrows and Enter pick a project', async () => {
  const lea = projectFixture();
  server.use(
    http.get('/api/v3/projects', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search');
      const items = search === null || lea.profile.lastName.toLowerCase().includes(search.toLowerCase()) ? [lea] : [];
      return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 20 });
    }),
  );
  const onChange = vi.fn();
  await renderApp(<ProjectPicker label="Projet" value={undefined} onChange={onChange} />);
  const picker = await screen.findByRole('combobox', { name: 'Projet' });
  await userEvent.click(picker);
  await userEvent.keyboard(lea.profile.lastName.slice(0, 3));
  await screen.findByRole('option', { name: new RegExp(lea.profile.lastName) });
  await userEvent.keyboard('{ArrowDown}{Enter}');
  expect(onChange).toHaveBeenCalledWith(lea.id);
});
