import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.js';
import { createQueryClient } from '../../../lib/query-client.js';
import { ClaimDocuments } from './claim-documents.js';

afterEach(() => vi.unstubAllGlobals());

function setup(lang: 'fr' | 'en') {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  void i18n.changeLanguage(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ClaimDocuments claimId="6f1c8a52-3d0e-4b7a-9c1e-2a5d7b9e0c11" canAdd canApply={false} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return calls;
}

describe('the document comment shows its limit (issue 11, point 9)', () => {
  it('counts the characters against 1,000 and refuses more before anything is sent', () => {
    setup('fr');
    const field = screen.getByLabelText('Commentaire (facultatif)');
    expect(screen.getByText('0 / 1000 caractères')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'x'.repeat(1000) } });
    expect(screen.getByText('1000 / 1000 caractères')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByText('1000 caractères au plus.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choisir un fichier' })).toBeDisabled();
  });

  it('in English too', () => {
    setup('en');
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'é'.repeat(1200) } });
    expect(screen.getByText('At most 1000 characters.')).toBeInTheDocument();
  });
});
