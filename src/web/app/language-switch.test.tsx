import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
});
