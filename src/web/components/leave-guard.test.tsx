import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useReducer, useRef } from 'react';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endDrafts, saveDraft, setDraftOwner } from '../lib/drafts.js';
import { pagesReducer, type Page } from '../lib/document-pages/page-list.js';
import { renderApp } from '../test/render.js';
import { DocumentPages } from './document-pages/document-pages.js';
import { LeaveGuard } from './leave-guard.js';

const photo = (id: string): Page => ({ id, file: new File(['x'], `${id}.jpg`), kind: 'image', rotation: 0 });

function Pages() {
  const [pages, dispatch] = useReducer(pagesReducer, [photo('page-1'), photo('page-2')]);
  return <DocumentPages label="Avis d'imposition" fileName="avis.pdf" pages={pages} dispatch={dispatch} busy={false} onSend={vi.fn()} />;
}

/** A form with unsaved changes beside the pages, as a project's rental information beside its documents. */
function UnsavedForm() {
  const saved = useRef(false);
  return (
    <LeaveGuard
      when
      saved={saved}
      title="Quitter sans enregistrer ?"
      text="Les informations saisies seront perdues."
      stay="Rester"
      leave="Quitter"
    />
  );
}

function Back() {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(-1)}>Précédent</button>;
}

/** The claims' list, then a project's page reached from it (so the back button has somewhere to go). */
function App({ withForm = false }: { withForm?: boolean }) {
  return (
    <Routes>
      <Route path="/claims" element={<Link to="/projects/p1">Le projet</Link>} />
      <Route
        path="/projects/p1"
        element={
          <>
            <Link to="/claims">Sinistres</Link>
            <Back />
            {withForm ? <UnsavedForm /> : null}
            <Pages />
          </>
        }
      />
    </Routes>
  );
}

const pageCount = () => within(screen.getByRole('list', { name: "Pages de « Avis d'imposition »" })).getAllByRole('listitem').length;

describe('pages waiting to be sent are not dropped by leaving the page', () => {
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

  it('a link (the menu) and the back button ask first; staying keeps the pages, leaving goes', async () => {
    await renderApp(<App />, { path: '/claims' });
    fireEvent.click(screen.getByRole('link', { name: 'Le projet' }));
    expect(pageCount()).toBe(2);

    fireEvent.click(screen.getByRole('link', { name: 'Sinistres' }));
    const asked = await screen.findByRole('dialog', { name: 'Quitter sans envoyer les pages ?' });
    expect(asked).toHaveTextContent(
      "Les 2 pages prises pour « Avis d'imposition » n’ont pas été envoyées : quitter cette page les efface.",
    );
    fireEvent.click(within(asked).getByRole('button', { name: 'Rester' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pageCount()).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    const again = await screen.findByRole('dialog', { name: 'Quitter sans envoyer les pages ?' });
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Quitter' })));
    expect(await screen.findByRole('link', { name: 'Le projet' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /^Pages de/ })).toBeNull();
  });

  it('removed or sent, the pages no longer hold the page', async () => {
    await renderApp(<App />, { path: '/claims' });
    fireEvent.click(screen.getByRole('link', { name: 'Le projet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tout retirer' }));
    fireEvent.click(screen.getByRole('link', { name: 'Sinistres' }));
    expect(await screen.findByRole('link', { name: 'Le projet' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with a form being filled on the same page, one question says what both would lose', async () => {
    await renderApp(<App withForm />, { path: '/claims' });
    fireEvent.click(screen.getByRole('link', { name: 'Le projet' }));
    fireEvent.click(screen.getByRole('link', { name: 'Sinistres' }));
    const [asked, ...more] = await screen.findAllByRole('dialog');
    expect(more).toEqual([]);
    expect(asked).toHaveTextContent('Les informations saisies seront perdues.');
    expect(asked).toHaveTextContent("Les 2 pages prises pour « Avis d'imposition » n’ont pas été envoyées");
  });

  it('in English too', async () => {
    await renderApp(<App />, { path: '/claims', lang: 'en' });
    fireEvent.click(screen.getByRole('link', { name: 'Le projet' }));
    fireEvent.click(screen.getByRole('link', { name: 'Sinistres' }));
    const asked = await screen.findByRole('dialog', { name: 'Leave without sending the pages?' });
    expect(asked).toHaveTextContent("The 2 pages taken for “Avis d'imposition” were not sent: leaving this page erases them.");
    expect(within(asked).getByRole('button', { name: 'Stay' })).toHaveFocus();
  });
});

describe('signing out erases the drafts the tab keeps', () => {
  function SignOut() {
    const navigate = useNavigate();
    return <button onClick={() => void navigate('/sign-out')}>Se déconnecter</button>;
  }
  const app = (
    <Routes>
      <Route path="/account" element={<SignOut />} />
      <Route path="/sign-out" element={<p>Déconnecté</p>} />
    </Routes>
  );
  afterEach(() => endDrafts());

  it('a payment typed on a claim and left there: signing out from another page asks first, and says the draft goes', async () => {
    setDraftOwner('staff@demo-agency.fr');
    saveDraft('payment:c1', 'staff@demo-agency.fr', { amount: 120.5 });
    await renderApp(app, { path: '/account' });
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    const asked = await screen.findByRole('dialog', { name: 'Se déconnecter ?' });
    expect(asked).toHaveTextContent('Se déconnecter efface les brouillons de cet onglet');
    fireEvent.click(within(asked).getByRole('button', { name: 'Rester' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Déconnecté')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    const again = await screen.findByRole('dialog', { name: 'Se déconnecter ?' });
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Se déconnecter' })));
    expect(await screen.findByText('Déconnecté')).toBeInTheDocument();
  });

  it('with no draft kept, signs out at once', async () => {
    setDraftOwner('staff@demo-agency.fr');
    await renderApp(app, { path: '/account' });
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByText('Déconnecté')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
