import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { TextInput } from '../components/form/text-input.js';
import { ServerTable } from '../components/server-table.js';
import { REQUIRED } from '../lib/validation-messages.js';
import { setLanguage } from '../lib/i18n.js';
import { renderApp } from '../test/render.js';
import { ProjectStatusChip } from '../features/projects/components/project-status-chip.js';
import { LanguageSwitch } from './language-switch.js';

afterEach(() => act(() => setLanguage('fr')));

describe('what is drawn in the UI language follows a switch at once (compiled components read it through useLang)', () => {
  it('one tap on the other language switches: it shows pressed, and a status label is redrawn in it', async () => {
    await renderApp(
      <>
        <LanguageSwitch short />
        <ProjectStatusChip status={1} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Français', pressed: true })).toHaveTextContent('FR');
    expect(screen.getByRole('button', { name: 'English', pressed: false })).toHaveTextContent('EN');
    const before = screen.getByText(/\p{L}/u, { selector: '.MuiChip-label' }).textContent;
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('group', { name: 'Language' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'English', pressed: true })).toHaveTextContent('EN');
    expect(screen.getByText(/\p{L}/u, { selector: '.MuiChip-label' }).textContent).not.toBe(before);
  });

  it('an error already shown under a field is said again in the language chosen', async () => {
    function Field() {
      const form = useForm<{ name: string }>({ defaultValues: { name: '' } });
      useEffect(() => form.setError('name', { message: REQUIRED }), [form]);
      return <TextInput control={form.control} name="name" label="Nom" />;
    }
    await renderApp(<Field />);
    expect(await screen.findByText('Champ obligatoire.')).toBeVisible();
    act(() => setLanguage('en'));
    expect(await screen.findByText('Required.')).toBeVisible();
    expect(screen.queryByText('Champ obligatoire.')).toBeNull();
  });

  it("MUI's own words (a list's pagination) are said in the language chosen, with the numbers in its format", async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: `p${i}` }));
    const list = { rows, total: 1234, page: 1, pageSize: 20, pending: false, fetching: false, onPage: () => undefined };
    await renderApp(
      <ServerTable
        label="Projets"
        columns={[{ id: 'id', header: 'Id', cell: (r: { id: string }) => r.id }]}
        list={list}
        rowKey={(r) => r.id}
        rowHeight={40}
        empty={null}
      />,
    );
    expect(screen.getByText('Lignes par page :')).toBeVisible();
    expect(screen.getByText(/^1–20 sur 1\s234$/u)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Aller à la page suivante' })).toBeVisible();
    act(() => setLanguage('en'));
    expect(await screen.findByText('Rows per page:')).toBeVisible();
    expect(screen.getByText('1–20 of 1,234')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeVisible();
  });
});
