import { onlineManager, useMutation } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useRef, type FormEvent } from 'react';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { apiCall } from '../lib/api-client.js';
import { renderApp } from '../test/render.js';
import { countOf, server } from '../test/server.js';
import { FormFooter } from './form/form-footer.js';
import { NetworkStatus } from './network-status.js';

/** A form as the app's forms end (FormFooter), under the signed-in pages' network status. */
function CreateForm() {
  const saved = useRef(false);
  const create = useMutation({ mutationFn: () => apiCall('POST', '/api/things', z.object({ id: z.string() })) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <>
      <NetworkStatus />
      <form onSubmit={submit}>
        <FormFooter error={create.error} pending={create.isPending} label="Créer" pendingLabel="Création…" dirty={false} saved={saved} />
        {create.isSuccess ? <p>Créé : {create.data.id}</p> : null}
      </form>
    </>
  );
}

const goOffline = () => act(() => onlineManager.setOnline(false));
const goOnline = () => act(() => onlineManager.setOnline(true));

describe('a write made without a network', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('waits, says so at the top of the page and on its button, and is sent once when the network returns', async () => {
    server.use(http.post('/api/things', () => HttpResponse.json({ id: 'p-1' })));
    await renderApp(<CreateForm />);
    expect(screen.queryByRole('status')).toBeNull();

    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Pas de connexion réseau. Ce que vous enregistrez partira dès son retour, tant que cet onglet reste ouvert.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByRole('button', { name: 'En attente du réseau…' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('1 action attend le réseau pour partir.');
    expect(countOf('POST', '/api/things')).toBe(0);

    goOnline();
    expect(await screen.findByText('Créé : p-1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer' })).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
    expect(countOf('POST', '/api/things')).toBe(1);
  });

  it('in English too', async () => {
    server.use(http.post('/api/things', () => HttpResponse.json({ id: 'p-2' })));
    await renderApp(<CreateForm />, { lang: 'en' });
    goOffline();
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByRole('button', { name: 'Waiting for the network…' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(
      'No network connection. What you save will be sent when it returns, as long as this tab stays open. 1 action is waiting for the network to be sent.',
    );
  });
});
