import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PROJECT_ID } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { countOf, server } from '../../../test/server.js';
import { ProjectBackoffice } from './project-backoffice.js';

/** The sandbox clock is everyone's: moving it, by a day or a month, asks first and says where it goes. */
describe('moving the sandbox clock from a project', () => {
  for (const [button, days, title, target] of [
    ['Avancer d’un jour', 1, 'Avancer l’horloge d’un jour ?', '29/12/2026'],
    // a calendar month: the 28th of the next month (31 days here)
    ['Avancer d’un mois', 31, 'Avancer l’horloge d’un mois ?', '28/01/2027'],
  ] as const) {
    it(`"${button}" asks for confirmation before moving everyone's clock`, async () => {
      const sent: unknown[] = [];
      server.use(
        http.get('/api/sandbox/clock', () => HttpResponse.json({ today: '2026-12-28' })),
        http.post('/api/sandbox/clock', async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json({ today: target.split('/').reverse().join('-') });
        }),
      );
      await renderApp(<ProjectBackoffice projectId={PROJECT_ID} status={0} />);
      await screen.findByText('Date du bac à sable : 28/12/2026');
      fireEvent.click(screen.getByRole('button', { name: button }));
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(dialog).toHaveTextContent(/toute l’organisation/);
      expect(countOf('POST', '/api/sandbox/clock')).toBe(0);
      // cancelling moves nothing
      fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(countOf('POST', '/api/sandbox/clock')).toBe(0);
      fireEvent.click(screen.getByRole('button', { name: button }));
      fireEvent.click(within(await screen.findByRole('dialog', { name: title })).getByRole('button', { name: `Avancer au ${target}` }));
      await waitFor(() => expect(sent).toEqual([{ advanceDays: days }]));
    });
  }
});
