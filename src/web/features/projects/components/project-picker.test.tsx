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

test('the page’s first frame has a field of the same name; the Autocomplete (two renders at mount) replaces it once that frame is painted', async () => {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
  await renderApp(<ProjectPicker label="Projet" value={undefined} onChange={vi.fn()} />);
  expect(screen.getByRole('textbox', { name: 'Projet' })).toHaveValue('');
  expect(screen.queryByRole('combobox')).toBeNull();
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByRole('combobox')).toBeNull();
  frames.shift()?.(performance.now());
  expect(await screen.findByRole('combobox', { name: 'Projet' })).toBeInTheDocument();
  vi.restoreAllMocks();
});

test('focused before that frame, it becomes the Autocomplete at once and keeps the focus', async () => {
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
  await renderApp(<ProjectPicker label="Projet" value={undefined} onChange={vi.fn()} />);
  await userEvent.click(screen.getByRole('textbox', { name: 'Projet' }));
  const picker = await screen.findByRole('combobox', { name: 'Projet' });
  await waitFor(() => expect(picker).toHaveFocus());
  vi.restoreAllMocks();
});
