import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { pick, typeDate, type User } from '../../../test/form-helpers.js';
import { renderApp } from '../../../test/render.js';
import { invalidRequest, recording, requests, server } from '../../../test/server.js';
import { ProjectForm } from './project-form.js';

const TODAY = '2026-06-15';

async function setup() {
  const onCreated = vi.fn();
  const user = userEvent.setup({ delay: null });
  await renderApp(<ProjectForm today={TODAY} onCreated={onCreated} />);
  return { user, onCreated };
}

const region = (name: string) => screen.getByRole('region', { name });
const status = (user: User, option: string, scope?: HTMLElement) => pick(user, 'Situation professionnelle', option, scope);

/** The tenant's own fields, filled validly. */
async function fillTenant(user: User) {
  const tenant = region('Locataire');
  await pick(user, 'Civilité', 'Madame', tenant);
  await user.type(within(tenant).getByLabelText(/^Prénom/), 'Łukasz');
  await user.type(within(tenant).getByRole('textbox', { name: /^Nom/ }), 'Nguyễn');
  await user.type(within(tenant).getByLabelText(/^E-mail/), 'lukasz@exemple.fr');
  await typeDate(user, 'Date de naissance', '02021992', tenant);
  await user.type(within(tenant).getByLabelText(/^Téléphone/), '06 12 34 56 78');
}

describe('the new project form and its conditional sections', () => {
  it('a student: the referent and their finances appear; the referent cannot be a student or retired', async () => {
    const { user } = await setup();
    expect(screen.queryByRole('region', { name: 'Garant (parent ou tiers)' })).toBeNull();
    await status(user, 'Étudiant');
    const referent = region('Garant (parent ou tiers)');
    expect(within(referent).getByText('Situation financière du garant')).toBeInTheDocument();
    await user.click(within(referent).getByRole('combobox', { name: /^Situation professionnelle/ }));
    const offered = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered).toContain('CDI du privé');
    expect(offered).not.toContain('Étudiant');
    expect(offered).not.toContain('Retraité');
    await user.keyboard('{Escape}');
    await status(user, 'CDI du privé', region('Situation financière'));
    expect(screen.queryByRole('region', { name: 'Garant (parent ou tiers)' })).toBeNull();
  });

  it('a fixed-term or interim contract asks its length; a permanent one does not', async () => {
    const { user } = await setup();
    for (const s of ['CDD du privé', 'CDD de la fonction publique', 'Intérimaire']) {
      await status(user, s);
      expect(screen.getByRole('combobox', { name: /^Durée du contrat/ }), s).toBeInTheDocument();
    }
    await status(user, 'CDI du privé');
    expect(screen.queryByRole('combobox', { name: /^Durée du contrat/ })).toBeNull();
    // required while shown: left empty on an otherwise complete form, it stops it before anything is sent
    await status(user, 'Intérimaire');
    await user.type(screen.getByLabelText(/^Revenus nets mensuels/), '2000');
    await fillTenant(user);
    await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
    const length = screen.getByRole('combobox', { name: /^Durée du contrat/ }).closest('.MuiFormControl-root') as HTMLElement;
    expect(await within(length).findByText('Obligatoire pour un CDD ou un contrat d’intérim.')).toBeInTheDocument();
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('a refused submit takes the user to the field in error, one that appeared with a choice included', async () => {
    const { user } = await setup();
    await fillTenant(user);
    // the contract's length appears with the status, and is left empty
    await status(user, 'Intérimaire');
    await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
    expect(await screen.findByText('Obligatoire pour un CDD ou un contrat d’intérim.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Durée du contrat/ })).toHaveFocus();
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('a retired tenant gives a pension instead of an income', async () => {
    const { user } = await setup();
    expect(screen.getByLabelText(/^Revenus nets mensuels/)).toBeInTheDocument();
    await status(user, 'Retraité');
    expect(screen.getByLabelText(/^Pension de retraite nette mensuelle/)).toBeRequired();
    expect(screen.queryByLabelText(/^Revenus nets mensuels/)).toBeNull();
  });

  it('sends only what is shown (a referent hidden again is not sent) and puts the server’s refusals on their fields', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(
        '/api/v3/projects',
        recording(bodies, () => invalidRequest('profile.email', { key: 'email', params: {} })),
      ),
    );
    const { user, onCreated } = await setup();
    await status(user, 'Étudiant');
    await user.type(within(region('Garant (parent ou tiers)')).getByLabelText(/^Prénom/), 'Paul');
    await status(user, 'CDI du privé', region('Situation financière'));
    await user.type(screen.getByLabelText(/^Revenus nets mensuels/), '3000');
    await fillTenant(user);
    await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      profile: { gender: 2, firstName: 'Łukasz', lastName: 'Nguyễn', email: 'lukasz@exemple.fr', dateOfBirth: '1992-02-02' },
      finance: { status: 4, monthlyIncome: 3000 },
    });
    expect(bodies[0]).not.toHaveProperty('referent');
    await waitFor(() =>
      expect(within(region('Locataire')).getByLabelText(/^E-mail/)).toHaveAccessibleDescription('Adresse e-mail invalide.'),
    );
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('a student’s pre-score is asked on the referent’s finance, the one the project is scored on', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(
        '/api/v3/score',
        recording(bodies, () => Response.json({ score: 1266, eligible: true })),
      ),
    );
    const { user } = await setup();
    await status(user, 'Étudiant');
    await user.type(within(region('Situation financière')).getByLabelText(/^Revenus nets mensuels/), '400');
    const button = screen.getByRole('button', { name: 'Calculer le pré-score' });
    // the referent's finance is still empty: the button says where to go
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Pour calculer le pré-score, renseignez dans la situation financière du garant : Situation professionnelle, Revenus nets mensuels.',
    );
    const referent = region('Garant (parent ou tiers)');
    await status(user, 'Fonctionnaire titulaire', referent);
    await user.type(within(referent).getByLabelText(/^Revenus nets mensuels/), '3800');
    await user.click(button);
    await waitFor(() => expect(bodies).toEqual([{ status: 0, monthlyIncome: 3800 }]));
    expect(await screen.findByText('Loyer maximum garanti (sur les revenus du garant) : 1 266,00 €')).toBeInTheDocument();
  });

  it('a disabled pre-score names the field still to fill: a fixed-term contract’s length', async () => {
    const { user } = await setup();
    await status(user, 'CDD du privé');
    await user.type(screen.getByLabelText(/^Revenus nets mensuels/), '2000');
    const button = screen.getByRole('button', { name: 'Calculer le pré-score' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Pour calculer le pré-score, renseignez : Durée du contrat.');
    await pick(user, /^Durée du contrat/, 'Moins de 6 mois');
    expect(button).toBeEnabled();
  });

  it('an impossible income says its real error while it is typed, not that the field is to be filled', async () => {
    const { user } = await setup();
    await status(user, 'CDI du privé');
    const income = screen.getByLabelText(/^Revenus nets mensuels/);
    await user.type(income, '1e300');
    // still in the field: the field says what is wrong, the disabled button says to correct it
    expect(income).toHaveFocus();
    expect(await screen.findByText('Saisissez un montant en chiffres, par exemple 1 200,50.')).toBeInTheDocument();
    await user.clear(income);
    await user.type(income, '200 000 000');
    expect(await screen.findByText('Doit être inférieur ou égal à 100 000 000.')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Calculer le pré-score' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Pour calculer le pré-score, corrigez : Revenus nets mensuels.');
    expect(screen.queryByText(/renseignez/)).toBeNull();
  });

  it('keeps an income pasted as French writes it ("1 200,50"), and sends it as 1200.5', async () => {
    const { user } = await setup();
    await status(user, 'CDI du privé');
    const income = screen.getByLabelText(/^Revenus nets mensuels/);
    await user.click(income);
    await user.paste('1 200,50');
    expect(income).toHaveValue('1 200,50');
    await user.tab();
    // once left, in the user's format, never "1200.5"
    expect(income).toHaveValue('1\u202f200,50');
    const bodies: unknown[] = [];
    server.use(
      http.post(
        '/api/v3/score',
        recording(bodies, () => Response.json({ score: 400, eligible: true })),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Calculer le pré-score' }));
    await waitFor(() => expect(bodies).toEqual([{ status: 4, monthlyIncome: 1200.5 }]));
  });

  it('in English too', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp(<ProjectForm today={TODAY} onCreated={vi.fn()} />, { lang: 'en' });
    await pick(user, 'Employment status', 'Private permanent contract');
    await user.type(screen.getByLabelText(/^Net monthly income/), '1e300');
    expect(await screen.findByText('Enter an amount in figures, for example 1,200.50.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Net monthly income/));
    await user.type(screen.getByLabelText(/^Net monthly income/), '200,000,000');
    expect(await screen.findByText('Must be at most 100,000,000.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compute the pre-score' })).toHaveAccessibleDescription(
      'To compute the pre-score, correct: Net monthly income.',
    );
  });
});
