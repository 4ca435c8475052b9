import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CLAIM_ID, claimFixture, declarant, PROJECT_ID } from '../../../test/fixtures.js';
import { typeDate } from '../../../test/form-helpers.js';
import { renderApp } from '../../../test/render.js';
import { countOf, invalidRequest, requests, server } from '../../../test/server.js';
import { useClaim } from '../api/get-claim.js';
import { ClaimCreateForm, type ClaimDefaults } from './claim-create-form.js';

const TODAY = '2026-06-15';
const CREATE = `/api/v1/projects/${PROJECT_ID}/claims`;

async function setup(defaults: ClaimDefaults = { rentAmount: 800, mainOwnerEmail: 'paul@exemple.fr', legalInfo: declarant }) {
  const onCreated = vi.fn();
  const user = userEvent.setup({ delay: null });
  const view = await renderApp(<ClaimCreateForm projectId={PROJECT_ID} today={TODAY} defaults={defaults} onCreated={onCreated} />);
  return { ...view, user, onCreated };
}

describe('ClaimCreateForm', () => {
  it('left with something typed, it says what it keeps: the draft waits on this form', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp(
      <>
        <Link to="/claims">Sinistres</Link>
        <ClaimCreateForm projectId={PROJECT_ID} today={TODAY} defaults={{ rentAmount: 800 }} onCreated={vi.fn()} />
      </>,
    );
    await user.type(screen.getByLabelText(/^Montant déjà reçu/), '200');
    await user.click(screen.getByRole('link', { name: 'Sinistres' }));
    const asked = await screen.findByRole('dialog', { name: 'Quitter le formulaire ?' });
    expect(asked).toHaveTextContent('Ce que vous avez saisi reste enregistré comme brouillon dans ce navigateur');
  });

  it('an address that is not one among the other recipients is said on that field, as an address', async () => {
    const { user } = await setup();
    await user.type(screen.getByLabelText(/^Autres destinataires/), 'a@b.fr, pas-une-adresse');
    await user.click(screen.getByRole('button', { name: 'Déclarer le sinistre' }));
    const field = screen.getByLabelText(/^Autres destinataires/);
    await waitFor(() => expect(field).toHaveAccessibleDescription(/e-mail/i));
    expect(field).not.toHaveAccessibleDescription('Champ obligatoire.');
    expect(requests).toEqual([]);
  });

  it('checks the contract’s rules before sending anything', async () => {
    const { user } = await setup({ rentAmount: undefined, mainOwnerEmail: undefined, legalInfo: undefined } as never);
    await user.click(screen.getByRole('button', { name: 'Déclarer le sinistre' }));
    expect(await screen.findAllByText('Champ obligatoire.')).not.toHaveLength(0);
    expect(requests).toEqual([]);
  });

  it('asks when part of the rent was received, only then', async () => {
    const { user } = await setup();
    expect(screen.queryByRole('group', { name: /^Date de réception/ })).toBeNull();
    await user.type(screen.getByLabelText(/^Montant déjà reçu/), '200');
    expect(await screen.findByRole('group', { name: /^Date de réception/ })).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Montant déjà reçu/));
    expect(screen.queryByRole('group', { name: /^Date de réception/ })).toBeNull();
  });

  it('creates the claim with the body typed, and puts it where its workspace reads it (no request for it there)', async () => {
    let sent: unknown = null;
    server.use(
      http.post(CREATE, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(claimFixture({ rentDueDate: '2026-05-05' }), { status: 201 });
      }),
    );
    const { user, onCreated, client } = await setup();
    await typeDate(user, 'Premier loyer impayé', '05052026');
    await user.click(screen.getByRole('button', { name: 'Déclarer le sinistre' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(sent).toMatchObject({ rentDueDate: '2026-05-05', rentAmount: 800, rentAmountReceived: 0, mainOwnerEmail: 'paul@exemple.fr' });
    expect(countOf('POST', CREATE)).toBe(1);
    // the workspace then reads the claim from what the creation put in the cache, asking nothing
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const claim = renderHook(() => useClaim(CLAIM_ID), { wrapper });
    expect(claim.result.current.data).toEqual(claimFixture());
    await new Promise((r) => setTimeout(r, 50));
    expect(countOf('GET', `/api/claims/${CLAIM_ID}`)).toBe(0);
  });

  it('shows the server’s E0201 on the first month, in French', async () => {
    server.use(http.post(CREATE, () => HttpResponse.json({ code: 'E0201', message: 'x', requestId: 'r1' }, { status: 422 })));
    const { user, onCreated } = await setup();
    await typeDate(user, 'Premier loyer impayé', '05052026');
    await user.click(screen.getByRole('button', { name: 'Déclarer le sinistre' }));
    const message = 'La date d’échéance ne peut pas être dans le futur.';
    // on the field (and in the alert above the button)
    await waitFor(() => expect(screen.getByRole('group', { name: /^Premier loyer impayé/ })).toHaveAccessibleDescription(message));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('puts the partner’s refusal of a month before the lease on the first month, in French', async () => {
    // the lease start is not known here (an older project): the partner says it
    server.use(http.post(CREATE, () => invalidRequest('rentDueDate', { key: 'beforeLeaseStart', params: { date: '2026-06-01' } })));
    const { user, onCreated } = await setup();
    await typeDate(user, 'Premier loyer impayé', '05052026');
    await user.click(screen.getByRole('button', { name: 'Déclarer le sinistre' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: /^Premier loyer impayé/ })).toHaveAccessibleDescription(
        'Ne peut pas précéder le mois où le bail commence (le 1er juin 2026) : aucun loyer n’était dû avant.',
      ),
    );
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('with the lease start known: says it, and refuses an earlier month before sending', async () => {
    const { user } = await setup({ rentAmount: 800, mainOwnerEmail: 'paul@exemple.fr', legalInfo: declarant, leaseStart: '2026-05-20' });
    expect(screen.getByText(/début du bail : 20\/05\/2026/)).toBeInTheDocument();
    await typeDate(user, 'Premier loyer impayé', '30042026');
    await user.click(screen.getByRole('button', { name: 'Déclarer le sinistre' }));
    expect(await screen.findByText(/Ne peut pas précéder le mois où le bail commence/)).toBeInTheDocument();
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('a pre-filled rent, changed then cleared with select-all and Delete, is sent as typed next', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(CREATE, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(claimFixture(), { status: 201 });
      }),
    );
    const { user, onCreated } = await setup();
    const rent = screen.getByRole('textbox', { name: /^Loyer du mois/ });
    await user.type(rent, '5');
    await user.keyboard('{Control>}a{/Control}{Delete}');
    expect(rent).toHaveValue('');
    await user.keyboard('750');
    expect(rent).toHaveValue('750');
    await typeDate(user, 'Premier loyer impayé', '05052026');
    await user.click(screen.getByRole('button', { name: 'Déclarer le sinistre' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(bodies).toMatchObject([{ rentAmount: 750 }]);
  });

  it('a rent more than twice the lease’s asks first, with the amount as it will be recorded; "Corriger" goes back to it', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(CREATE, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(claimFixture(), { status: 201 });
      }),
    );
    const { user, onCreated } = await setup({ rentAmount: 800, leaseRent: 800, mainOwnerEmail: 'paul@exemple.fr', legalInfo: declarant });
    const rent = screen.getByRole('textbox', { name: /^Loyer du mois/ });
    await user.clear(rent);
    await user.type(rent, '800750');
    await typeDate(user, 'Premier loyer impayé', '05052026');
    await user.click(screen.getByRole('button', { name: 'Déclarer le sinistre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loyer de 800\u202f750,00\u00a0€ ?' });
    expect(dialog).toHaveAccessibleDescription(
      'C’est plus du double du loyer du bail (800,00\u00a0€). Le loyer de mai 2026 sera enregistré à 800\u202f750,00\u00a0€ : vérifiez le montant avant de l’enregistrer.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Corriger le montant' }));
    await waitFor(() => expect(rent).toHaveFocus());
    expect(bodies).toEqual([]);
    // twice the lease's rent is a rent: sent without a question
    await user.clear(rent);
    await user.type(rent, '1600');
    await user.click(screen.getByRole('button', { name: 'Déclarer le sinistre' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(bodies).toMatchObject([{ rentAmount: 1600 }]);
  });

  it('in English, the question says the amount the English way, and confirming sends it', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(CREATE, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(claimFixture(), { status: 201 });
      }),
    );
    const onCreated = vi.fn();
    const user = userEvent.setup({ delay: null });
    await renderApp(
      <ClaimCreateForm
        projectId={PROJECT_ID}
        today={TODAY}
        defaults={{ rentAmount: 800, leaseRent: 800, mainOwnerEmail: 'paul@exemple.fr', legalInfo: declarant }}
        onCreated={onCreated}
      />,
      { lang: 'en' },
    );
    const rent = screen.getByRole('textbox', { name: /^Rent of the month/ });
    await user.clear(rent);
    await user.type(rent, '55,012.50');
    await typeDate(user, 'First unpaid rent', '05052026');
    await user.click(screen.getByRole('button', { name: 'Declare the claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'A rent of €55,012.50?' });
    await user.click(within(dialog).getByRole('button', { name: 'Record €55,012.50' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(bodies).toMatchObject([{ rentAmount: 55012.5 }]);
  });

  it('takes a SIREN typed in groups (spaces, no-break spaces), says what is kept, and sends its 9 digits', async () => {
    let sent: unknown = null;
    server.use(
      http.post(CREATE, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(claimFixture({ rentDueDate: '2026-05-05' }), { status: 201 });
      }),
    );
    const { user, onCreated } = await setup();
    await typeDate(user, 'Premier loyer impayé', '05052026');
    const siren = screen.getByRole('textbox', { name: 'SIREN' });
    await user.type(siren, '123 456\u00a0789');
    expect(siren).toHaveAccessibleDescription('Enregistré : 123456789');
    await user.click(screen.getByRole('button', { name: 'Déclarer le sinistre' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(sent).toMatchObject({ legalInfo: { siren: '123456789' } });
  });
});
