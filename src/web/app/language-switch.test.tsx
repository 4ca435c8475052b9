import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { TextInput } from '../components/form/text-input.js';
import { REQUIRED } from '../lib/validation-messages.js';
import { setLanguage } from '../lib/i18n.js';
import { renderApp } from '../test/render.js';
import { ProjectStatusChip } from '../features/projects/components/project-status-chip.js';
import { LanguageSwitch } from './language-switch.js';

afterEach(() => act(() => setLanguage('fr')));

describe('what is drawn in the UI language follows a switch at once (compiled components read it through useLang)', () => {
  it('the header menu shows the language chosen, and a status label is redrawn in it', async () => {
    await renderApp(
      <>
        <LanguageSwitch short />
        <ProjectStatusChip status={1} />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveTextContent('FR');
    const before = screen.getByText(/\p{L}/u, { selector: '.MuiChip-label' }).textContent;
    act(() => setLanguage('en'));
    expect(await screen.findByRole('combobox', { name: 'Language' })).toHaveTextContent('EN');
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
});
