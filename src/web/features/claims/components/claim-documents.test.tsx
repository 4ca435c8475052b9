import { PDFDocument } from '@pdfme/pdf-lib';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.js';
import { createQueryClient } from '../../../lib/query-client.js';
import { CLAIM_ID } from '../../../test/fixtures.js';
import { countOf, server } from '../../../test/server.js';
import { ClaimDocuments } from './claim-documents.js';

/** The claim's documents as staff see them (may add one, not apply yet), in `lang`. */
function showDocuments(lang: 'fr' | 'en') {
  void i18n.changeLanguage(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ClaimDocuments claimId={CLAIM_ID} owner="staff@demo-agency.fr" canAdd canApply={false} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function setup(lang: 'fr' | 'en') {
  // nothing given yet: the lease is asked first
  server.use(
    http.get(`/api/v1/claims/${CLAIM_ID}/documents/required`, () =>
      HttpResponse.json([1, 2, 3].map((documentType) => ({ documentType, name: `type-${documentType}`, provided: false }))),
    ),
  );
  showDocuments(lang);
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

describe('several pages for one claim document', () => {
  it('become a list of pages for the chosen type, to put together as one PDF', async () => {
    setup('fr');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0]);
    const files = [new File([png], 'page-1.png'), new File([png], 'page-2.png'), new File([], 'vide.png')];
    fireEvent.change(screen.getByLabelText('Envoyer'), { target: { files } });
    const list = await screen.findByRole('list', { name: /^Pages de/ });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Page 1 sur 2 : page-1.png', 'Page 2 sur 2 : page-2.png']);
    expect(screen.getByText('Le fichier vide.png est vide : choisissez un fichier qui a un contenu.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Préparer le PDF' })).toBeEnabled();
  });

  it('a PDF counts as the pages it holds, before the PDF is prepared; a cut PDF is refused at once, named', async () => {
    setup('fr');
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    doc.addPage([595, 842]);
    const twoPages = new Uint8Array(await doc.save());
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0]);
    const files = [
      new File([png], 'photo.png'),
      new File([twoPages], 'attestation.pdf', { type: 'application/pdf' }),
      new File([twoPages.slice(0, twoPages.length / 2)], 'coupe.pdf', { type: 'application/pdf' }),
    ];
    fireEvent.change(screen.getByLabelText('Envoyer'), { target: { files } });
    const list = await screen.findByRole('list', { name: 'Pages de « Bail signé »' });
    expect(screen.getByText('3 pages pour « Bail signé »')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Page 1 sur 3 : photo.png', 'Pages 2 à 3 sur 3 : attestation.pdf']);
    expect(within(list).getByText('PDF de 2 pages')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Monter les pages 2 à 3' })).toBeEnabled();
    expect(
      screen.getByText(
        'coupe.pdf ne peut pas être lu (fichier abîmé ou incomplet) : choisissez un autre fichier, ou enregistrez-le à nouveau.',
      ),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Monter les pages 2 à 3' }));
    expect(screen.getByText('attestation.pdf occupe maintenant les pages 1 à 2 sur 3.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[1]).toHaveAccessibleName('Page 3 sur 3 : photo.png');
  });

  it('a HEIC photo chosen alone (not a type the partner takes) becomes a page, not a refusal', async () => {
    setup('en');
    const heic = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0]);
    fireEvent.change(screen.getByLabelText('Upload'), { target: { files: [new File([heic], 'IMG_0107.HEIC')] } });
    const list = await screen.findByRole('list', { name: 'Pages of “Signed lease”' });
    expect(within(list).getByRole('listitem')).toHaveAccessibleName('Page 1 of 1: IMG_0107.HEIC');
    expect(screen.queryByText(/is not a PDF, JPEG, PNG or GIF/)).not.toBeInTheDocument();
  });
});

describe('the document type offered', () => {
  /** The partner's list of required documents, `given` the types it holds; each upload adds its type. */
  function partner(given: number[]) {
    server.use(
      http.get(`/api/v1/claims/${CLAIM_ID}/documents/required`, () =>
        HttpResponse.json(
          [1, 2, 3].map((documentType) => ({ documentType, name: `type-${documentType}`, provided: given.includes(documentType) })),
        ),
      ),
      http.post(`/api/v1/claims/${CLAIM_ID}/documents`, async ({ request }) => {
        // read as text: request.formData() fails on Node 24 for what jsdom's XMLHttpRequest sends (operations.test.ts)
        const body = await request.text();
        const documentType = Number(/name="documentType"\r\n\r\n([^\r]*)/.exec(body)?.[1]);
        given.push(documentType);
        return HttpResponse.json({
          id: crypto.randomUUID(),
          documentType,
          fileName: 'piece.pdf',
          contentType: 'application/pdf',
          size: 9,
          createdAt: '2026-06-15T09:00:00.000Z',
        });
      }),
    );
  }
  const pdf = () => new File(['%PDF-1.4\n'], 'piece.pdf', { type: 'application/pdf' });

  it('is the first document still missing, and the next one after each upload; then "Other document"', async () => {
    const given = [1];
    partner(given);
    showDocuments('fr');
    const type = screen.getByRole('combobox', { name: 'Type de document' });
    // the lease is given: the account statement is asked first
    expect(await within(type).findByText('Relevé de compte locataire')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Envoyer'), { target: { files: [pdf()] } });
    expect(await screen.findByText('Document envoyé.')).toBeInTheDocument();
    expect(await within(type).findByText('Mise en demeure')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Envoyer'), { target: { files: [pdf()] } });
    expect(await within(type).findByText('Autre document')).toBeInTheDocument();
    // each file went as the type shown when it was chosen
    expect(given).toEqual([1, 2, 3]);
    expect(countOf('POST', `/api/v1/claims/${CLAIM_ID}/documents`)).toBe(2);
  });
});
