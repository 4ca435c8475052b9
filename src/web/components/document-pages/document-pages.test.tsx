import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useReducer } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pagesReducer, type Page } from '../../lib/document-pages/page-list.js';
import { renderApp } from '../../test/render.js';
import { DocumentPages } from './document-pages.js';

const file = (name: string) => new File(['x'], name);
const photo = (id: string): Page => ({ id, file: file(`${id}.jpg`), kind: 'image', rotation: 0 });

function Harness({ initial, onSend }: { initial: Page[]; onSend: (files: File[]) => void }) {
  const [pages, dispatch] = useReducer(pagesReducer, initial);
  return <DocumentPages label="Bulletins" fileName="bulletins.pdf" pages={pages} dispatch={dispatch} busy={false} onSend={onSend} />;
}

const names = () =>
  within(screen.getByRole('list', { name: /Bulletins/ }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('the pages of a document before it is sent', () => {
  // jsdom has no object URLs; the thumbnails only need one to exist
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;
  beforeAll(() => {
    URL.createObjectURL = vi.fn(() => 'blob:page');
    URL.revokeObjectURL = vi.fn();
  });
  afterAll(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  it('lists the pages in order; a page moved up says where it is and keeps the focus', async () => {
    await renderApp(<Harness initial={[photo('mars'), photo('avril'), photo('mai')]} onSend={vi.fn()} />);
    expect(screen.getByText('3 pages pour « Bulletins »')).toBeInTheDocument();
    expect(names()).toEqual(['Page 1 sur 3 : mars.jpg', 'Page 2 sur 3 : avril.jpg', 'Page 3 sur 3 : mai.jpg']);
    expect(screen.getByRole('button', { name: 'Monter la page 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Descendre la page 3' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Monter la page 3' }));
    expect(names()).toEqual(['Page 1 sur 3 : mars.jpg', 'Page 2 sur 3 : mai.jpg', 'Page 3 sur 3 : avril.jpg']);
    expect(screen.getByText('mai.jpg est maintenant la page 2 sur 3.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Monter la page 2' })).toHaveFocus());
  });

  it('turns and removes a page, saying so', async () => {
    await renderApp(<Harness initial={[photo('recto'), photo('verso')]} onSend={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tourner la page 2 d’un quart' }));
    expect(within(screen.getAllByRole('listitem')[1] as HTMLElement).getByText('Tournée de 90°')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retirer la page 1' }));
    expect(names()).toEqual(['Page 1 sur 1 : verso.jpg']);
    expect(screen.getByText('recto.jpg est retirée ; il reste 1 page.')).toBeInTheDocument();
    expect(screen.getByText(/Les pages restent dans cet onglet seulement/)).toBeInTheDocument();
  });

  it('sends a signed PDF on its own, as it is, and says why', async () => {
    const signed = new File(['%PDF-1.7 /ByteRange [0 1 2 3]'], 'bail-signe.pdf');
    const onSend = vi.fn();
    await renderApp(<Harness initial={[{ id: 'bail', file: signed, kind: 'pdf', rotation: 0, sealed: 'signed' }]} onSend={onSend} />);
    expect(screen.getByText(/bail-signe\.pdf est signé : il sera envoyé seul, tel quel/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Préparer le PDF' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer le document' }));
    expect(onSend).toHaveBeenCalledWith([signed]);
  });

  it('speaks English too', async () => {
    await renderApp(<Harness initial={[photo('march'), photo('april')]} onSend={vi.fn()} />, { lang: 'en' });
    expect(screen.getByText('2 pages for “Bulletins”')).toBeInTheDocument();
    expect(names()).toEqual(['Page 1 of 2: march.jpg', 'Page 2 of 2: april.jpg']);
    fireEvent.click(screen.getByRole('button', { name: 'Move page 1 down' }));
    expect(screen.getByText('march.jpg is now page 2 of 2.')).toBeInTheDocument();
  });
});
