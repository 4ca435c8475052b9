import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.js';
import { createQueryClient } from '../../../lib/query-client.js';
import { CLAIM_ID } from '../../../test/fixtures.js';
import { server } from '../../../test/server.js';
import { ClaimDocuments } from './claim-documents.js';

function setup(lang: 'fr' | 'en') {
  server.use(http.get(`/api/v1/claims/${CLAIM_ID}/documents/required`, () => HttpResponse.json([])));
  void i18n.changeLanguage(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ClaimDocuments claimId={CLAIM_ID} canAdd canApply={false} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the document comment shows its limit', () => {
  it('counts the characters against 1,000 and refuses more before anything is sent', () => {
    setup('fr');
    const field = screen.getByLabelText('Commentaire (facultatif)');
    expect(screen.getByText('0 / 1 000 caractères')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'x'.repeat(1000) } });
    expect(screen.getByText('1 000 / 1 000 caractères')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByText('1 000 caractères au plus.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choisir un fichier' })).toBeDisabled();
  });

  it('in English too', () => {
    setup('en');
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'é'.repeat(1200) } });
    expect(screen.getByText('At most 1,000 characters.')).toBeInTheDocument();
  });
});
