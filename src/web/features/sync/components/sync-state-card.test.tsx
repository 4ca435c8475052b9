import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SyncState } from '../../../../contract/sync.js';
import { renderApp } from '../../../test/render.js';
import { SyncStateCard } from './sync-state-card.js';

const at = Date.parse('2026-11-20T08:13:00.000Z');
const state = (over: Partial<SyncState> = {}): SyncState => ({
  initial: {
    phase: 'done',
    page: 1,
    projects: { done: 2000, total: 2000 },
    claims: { done: 400, total: 400 },
    startedAt: at,
    finishedAt: at,
    calls: 2700,
  },
  passes: {
    current: null,
    last: { startedAt: at, finishedAt: at + 60_000, done: 2400, drift: 3, calls: 2700, errors: 1, left: 0 },
    lastError: null,
  },
  holder: 'host:1:abc',
  lagMs: 125_000,
  periodMs: 3_600_000,
  callsPerMinute: 300,
  now: at + 120_000,
  ...over,
});

describe('SyncStateCard', () => {
  it('tells a manager the last re-read, what it repaired, its errors and how old the data is', async () => {
    await renderApp(<SyncStateCard state={state()} />);
    expect(screen.getByRole('heading', { name: 'Synchronisation avec le partenaire' })).toBeInTheDocument();
    expect(screen.getByText(/Dernière relecture le .* — écarts corrigés : 3 ; erreurs : 1\./)).toBeInTheDocument();
    expect(screen.getByText('Les données affichées ont été relues il y a au plus 3 min.')).toBeInTheDocument();
  });

  it('shows the first sync in progress with its counts, and the last error, in English too', async () => {
    await renderApp(
      <SyncStateCard
        state={state({
          initial: {
            phase: 'claims',
            page: 2,
            projects: { done: 20000, total: 20000 },
            claims: { done: 100, total: 4000 },
            startedAt: at,
            finishedAt: null,
            calls: 20100,
          },
          passes: { current: null, last: null, lastError: { at, message: 'The partner service answered 503.' } },
        })}
      />,
      { lang: 'en' },
    );
    expect(screen.getByText('First sync in progress: 20,000 of 20,000 projects, 100 of 4,000 claims.')).toBeInTheDocument();
    expect(screen.getByText('No re-read yet (one every 60 min, at most 300 calls a minute).')).toBeInTheDocument();
    expect(screen.getByText(/Last error on .*: The partner service answered 503\./)).toBeInTheDocument();
  });

  it('says how many files the last re-read left for the next one, first in line, in both languages', async () => {
    const left = state({
      passes: {
        current: null,
        last: { startedAt: at, finishedAt: at + 3_300_000, done: 16_000, drift: 0, calls: 16_200, errors: 0, left: 34_512 },
        lastError: null,
      },
    });
    const { unmount } = await renderApp(<SyncStateCard state={left} />);
    expect(
      screen.getByText(/^34\s512 dossiers laissés faute de budget d’appels : la prochaine relecture les relit en premier\.$/),
    ).toBeInTheDocument();
    unmount();
    await renderApp(<SyncStateCard state={left} />, { lang: 'en' });
    expect(screen.getByText('34,512 files left for want of partner calls: the next re-read reads them first.')).toBeInTheDocument();
  });

  it('says nothing of files left when the last re-read read everything', async () => {
    await renderApp(<SyncStateCard state={state()} />, { lang: 'en' });
    expect(screen.queryByText(/left for want of partner calls/)).not.toBeInTheDocument();
  });
});
