import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { pick, typeDate, type User } from '../../../test/form-helpers.js';
import { PROJECT_ID, projectFixture } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { invalidRequest, recording, requests, server } from '../../../test/server.js';
import { RentForm } from './rent-form.js';

const TODAY = '2026-06-15';
const RENT = `/api/v3/projects/${PROJECT_ID}/rent`;

async function setup(score = 900) {
  const user = userEvent.setup({ delay: null });
  await renderApp(<RentForm project={projectFixture({ score })} today={TODAY} />);
  return user;
}

const field = (label: RegExp) => screen.queryByLabelText(label);

/** Every field the rental information needs, for an individual owner renting alone (the defaults). */
async function fillRent(user: User) {
  await user.type(screen.getAllByLabelText(/^Prénom/)[0] as HTMLElement, 'Paul');
  await user.type(screen.getAllByRole('textbox', { name: /^Nom/ })[0] as HTMLElement, 'Proprio');
  await user.type(screen.getAllByLabelText(/^E-mail/)[0] as HTMLElement, 'paul@exemple.fr');
  await user.type(screen.getAllByLabelText(/^Téléphone/)[0] as HTMLElement, '01 42 00 00 00');
  for (const [i, city] of ['Paris', 'Toulouse'].entries()) {
    await user.type(screen.getAllByLabelText(/^Adresse/)[i] as HTMLElement, '3 rue Verte');
    await user.type(screen.getAllByLabelText(/^Code postal/)[i] as HTMLElement, '31000');
    await user.type(screen.getAllByLabelText(/^Ville/)[i] as HTMLElement, city);
  }
  await user.type(screen.getByLabelText(/^Loyer mensuel charges comprises/), '800');
  await typeDate(user, 'Début du bail', '01072026');
}

describe('the rental information form and its conditional fields', () => {
  it('an agency owner: the agency’s name appears; an individual owner has none', async () => {
    const user = await setup();
    expect(field(/^Nom de l’agence/)).toBeNull();
    await pick(user, /^Type de propriétaire/, 'Agence');
    expect(field(/^Nom de l’agence/)).toBeRequired();
    await pick(user, /^Type de propriétaire/, 'Propriétaire particulier');
    expect(field(/^Nom de l’agence/)).toBeNull();
  });

  it('a flat-share or a couple: the tenant’s share appears; alone, the whole rent is theirs', async () => {
    const user = await setup();
    expect(field(/^Part du locataire/)).toBeNull();
    for (const option of ['Colocation', 'En couple']) {
      await pick(user, /^Le locataire loue/, option);
      expect(field(/^Part du locataire/), option).toBeRequired();
    }
    await pick(user, /^Le locataire loue/, 'Seul');
    expect(field(/^Part du locataire/)).toBeNull();
  });

  it('a mobility lease has a planned end; others do not', async () => {
    const user = await setup();
    expect(screen.queryByRole('group', { name: /^Fin prévue du bail/ })).toBeNull();
    await pick(user, /^Type de bail/, 'Bail mobilité (1 à 10 mois)');
    expect(await screen.findByRole('group', { name: /^Fin prévue du bail/ })).toBeInTheDocument();
  });

  it('says before sending when the guaranteed rent does not cover the rent, and refuses to send', async () => {
    const user = await setup(700);
    await fillRent(user);
    expect(screen.getByRole('status')).toHaveTextContent('Le loyer maximum garanti (700,00 €) ne couvre pas 800,00 €');
    await user.click(screen.getByRole('button', { name: 'Envoyer les informations de location' }));
    await waitFor(() => expect(field(/^Loyer mensuel charges comprises/)).toHaveAccessibleDescription(/ne couvre pas 800,00\s€/));
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('sends the rental information; a refusal naming a field goes on that field', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(
        RENT,
        recording(bodies, () => invalidRequest('owner.email', { key: 'email', params: {} })),
      ),
    );
    const user = await setup();
    await fillRent(user);
    await user.click(screen.getByRole('button', { name: 'Envoyer les informations de location' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      ownerType: 0,
      owner: { firstName: 'Paul', lastName: 'Proprio', email: 'paul@exemple.fr' },
      addressInformation: { address: '3 rue Verte', zipCode: '31000', city: 'Toulouse', country: 'France' },
      rentAlone: 0,
      rentAmount: 800,
      bailType: 0,
      startLease: '2026-07-01',
    });
    expect(bodies[0]).not.toHaveProperty('ownerOrganizationName');
    const ownerSection = screen.getAllByLabelText(/^E-mail/)[0] as HTMLElement;
    await waitFor(() => expect(ownerSection).toHaveAccessibleDescription('Adresse e-mail invalide.'));
    expect(within(screen.getByRole('alert')).getByText(/Certaines informations sont invalides/)).toBeInTheDocument();
  });
});
