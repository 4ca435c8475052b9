import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import type { DigestHour } from '../../../../contract/follows.js';
import { renderApp } from '../../../test/render.js';
import { recording, server } from '../../../test/server.js';
import { DigestHourSettings } from './digest-hour-form.js';

test('the manager sets the hour the daily digests leave at (Paris time)', async () => {
  const sent: unknown[] = [];
  server.use(
    http.get('/api/settings/digest-hour', () => HttpResponse.json({ hour: 7 } satisfies DigestHour)),
    http.put(
      '/api/settings/digest-hour',
      recording(sent, () => HttpResponse.json(sent.at(-1) as DigestHour)),
    ),
  );
  const user = userEvent.setup({ delay: null });
  await renderApp(<DigestHourSettings />);
  const form = await screen.findByRole('form', { name: 'Récapitulatif quotidien des notifications' });
  expect(within(form).getByText(/Heure de Paris/)).toBeInTheDocument();
  const hour = within(form).getByRole('combobox', { name: 'Heure d’envoi' });
  expect(hour).toHaveTextContent('7 h');
  await user.click(hour);
  await user.click(await screen.findByRole('option', { name: '18 h' }));
  await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
  expect(await within(form).findByRole('status')).toHaveTextContent('L’heure du récapitulatif est enregistrée.');
  expect(sent).toEqual([{ hour: 18 }]);
});
