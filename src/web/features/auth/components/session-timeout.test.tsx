import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LeaveGuard } from '../../../components/leave-guard.js';
import { onUnauthenticated } from '../../../lib/api-client.js';
import { renderApp } from '../../../test/render.js';
import { countOf, server } from '../../../test/server.js';
import { SessionTimeout } from './session-timeout.js';

const MINUTE = 60_000;
const left = (idleEndsIn: number, endsIn = 12 * 60 * MINUTE) => ({
  idleEndsIn,
  endsIn,
  idleLimit: 30 * MINUTE,
  maxLimit: 12 * 60 * MINUTE,
});
const unauthenticated = () => HttpResponse.json({ code: 'UNAUTHENTICATED', message: 'Not signed in', requestId: 'r' }, { status: 401 });

// the page's clock, moved by the test (real time goes on too, for the page's own waits)
beforeEach(() => vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());
const later = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the session’s warning', () => {
  it('comes two minutes before the idle limit; "stay" tells the server, and the warning goes', async () => {
    server.use(http.post('/api/session/activity', () => HttpResponse.json(left(30 * MINUTE))));
    await renderApp(<SessionTimeout />);
    await waitFor(() => expect(countOf('POST', '/api/session/activity')).toBe(1)); // the page's load is activity
    await later(27 * MINUTE);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await later(MINUTE + 1000);
    const warning = await screen.findByRole('alertdialog', { name: 'Toujours là ?' });
    expect(warning).toHaveAccessibleDescription(/^Vous serez déconnecté dans 2 minutes/);
    const stay = within(warning).getByRole('button', { name: 'Rester connecté' });
    await waitFor(() => expect(stay).toHaveFocus());
    await later(MINUTE);
    expect(warning).toHaveAccessibleDescription(/^Vous serez déconnecté dans 1 minute,/);
    await userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }).click(stay);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(countOf('POST', '/api/session/activity')).toBe(2);
  });

  it('says what the end of the session would lose that no draft keeps: the pages of a document not sent', async () => {
    server.use(http.post('/api/session/activity', () => HttpResponse.json(left(30 * MINUTE))));
    await renderApp(
      <>
        <LeaveGuard
          when
          title="Quitter sans envoyer les pages ?"
          text="Les 2 pages prises pour « Avis d’imposition » n’ont pas été envoyées : quitter cette page les efface."
          stay="Rester"
          leave="Quitter"
        />
        <SessionTimeout />
      </>,
    );
    await waitFor(() => expect(countOf('POST', '/api/session/activity')).toBe(1));
    await later(28 * MINUTE + 1000);
    const warning = await screen.findByRole('alertdialog', { name: 'Toujours là ?' });
    expect(within(warning).getByRole('alert')).toHaveTextContent(
      'Ce qui n’est pas conservé, si la session se termine : Les 2 pages prises pour « Avis d’imposition » n’ont pas été envoyées',
    );
  });

  it('a key typed while it shows is someone there: the warning goes; moving between its buttons is not', async () => {
    server.use(http.post('/api/session/activity', () => HttpResponse.json(left(30 * MINUTE))));
    await renderApp(<SessionTimeout />);
    await waitFor(() => expect(countOf('POST', '/api/session/activity')).toBe(1));
    await later(28 * MINUTE + 1000);
    const warning = await screen.findByRole('alertdialog', { name: 'Toujours là ?' });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    // the dialog puts the focus on "stay" as it opens; the person moves on from there
    await waitFor(() => expect(within(warning).getByRole('button', { name: 'Rester connecté' })).toHaveFocus());
    await user.keyboard('{Tab}');
    expect(within(warning).getByRole('button', { name: 'Se déconnecter' })).toHaveFocus();
    expect(countOf('POST', '/api/session/activity')).toBe(1);
    await user.keyboard('b');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(countOf('POST', '/api/session/activity')).toBe(2);
  });

  it('offers to sign out, as the header’s button does (the sign-out page signs out only when the app asks)', async () => {
    server.use(http.post('/api/session/activity', () => HttpResponse.json(left(30 * MINUTE))));
    function Where() {
      const { pathname, state } = useLocation();
      return <output aria-label="where">{`${pathname} ${JSON.stringify(state)}`}</output>;
    }
    await renderApp(
      <>
        <SessionTimeout />
        <Where />
      </>,
    );
    await waitFor(() => expect(countOf('POST', '/api/session/activity')).toBe(1));
    await later(28 * MINUTE + 1000);
    const warning = await screen.findByRole('alertdialog');
    await userEvent
      .setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      .click(within(warning).getByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/sign-out {"signOut":true}'));
  });

  it('when its minutes are over, lets the server decide: a session that has ended takes the app to sign-in', async () => {
    server.use(
      http.post('/api/session/activity', () => HttpResponse.json(left(30 * MINUTE))),
      http.get('/api/session/expiry', unauthenticated),
    );
    const lost = vi.fn();
    const stop = onUnauthenticated(lost);
    try {
      await renderApp(<SessionTimeout />, { lang: 'en' });
      await waitFor(() => expect(countOf('POST', '/api/session/activity')).toBe(1));
      await later(28 * MINUTE + 1000);
      expect(await screen.findByRole('alertdialog', { name: 'Still there?' })).toHaveAccessibleDescription(
        /^You will be signed out in 2 minutes/,
      );
      await later(2 * MINUTE + 5000);
      await waitFor(() => expect(lost).toHaveBeenCalled());
      // a read: it did not keep the session alive
      expect(countOf('POST', '/api/session/activity')).toBe(1);
    } finally {
      stop();
    }
  });

  it('when the server says the session lives on (activity in another tab it had not heard of), goes', async () => {
    server.use(
      http.post('/api/session/activity', () => HttpResponse.json(left(30 * MINUTE))),
      http.get('/api/session/expiry', () => HttpResponse.json(left(25 * MINUTE))),
    );
    await renderApp(<SessionTimeout />);
    await waitFor(() => expect(countOf('POST', '/api/session/activity')).toBe(1));
    await later(28 * MINUTE + 1000);
    await screen.findByRole('alertdialog');
    await later(2 * MINUTE + 6000);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('before the absolute limit, says it cannot be stayed: the person acknowledges it', async () => {
    server.use(http.post('/api/session/activity', () => HttpResponse.json(left(30 * MINUTE, 10 * MINUTE))));
    await renderApp(<SessionTimeout />);
    await waitFor(() => expect(countOf('POST', '/api/session/activity')).toBe(1));
    await later(8 * MINUTE + 1000);
    const warning = await screen.findByRole('alertdialog', { name: 'Fin de la session' });
    expect(warning).toHaveAccessibleDescription(/durée maximale : vous serez déconnecté dans 2 minutes/);
    await userEvent
      .setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      .click(within(warning).getByRole('button', { name: 'J’ai compris' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(countOf('POST', '/api/session/activity')).toBe(1);
  });
});
