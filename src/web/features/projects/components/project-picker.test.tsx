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
  const picker = screen.getByRole('combobox', { name: 'Projet' });
  await new Promise((r) => setTimeout(r, 50));
  expect(countOf('GET', '/api/v3/projects')).toBe(0);
  await userEvent.click(picker);
  const name = `${project.profile.firstName} ${project.profile.lastName}`;
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
  expect(onChange).toHaveBeenCalledWith(project.id);
  await waitFor(() => expect(countOf('GET', '/api/v3/projects')).toBe(1));
});
