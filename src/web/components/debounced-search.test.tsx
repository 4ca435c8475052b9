import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { SEARCH_MAX_LENGTH } from '../../contract/limits.js';
import { renderApp } from '../test/render.js';
import { DebouncedSearch } from './debounced-search.js';

it('takes no more than a list’s search may hold (the browser stops typing and cuts a paste there), so a long paste is never refused whole', async () => {
  await renderApp(<DebouncedSearch label="Rechercher un locataire" value="" onSearch={vi.fn()} />);
  expect(screen.getByRole('searchbox', { name: 'Rechercher un locataire' })).toHaveAttribute('maxlength', String(SEARCH_MAX_LENGTH));
});
