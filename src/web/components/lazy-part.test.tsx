import { act, fireEvent, screen } from '@testing-library/react';
import { Component, useState, useTransition, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render.js';
import { lazyPart } from './lazy-part.js';

function Greeting({ name }: { name: string }) {
  return <p>Bonjour {name}</p>;
}

class Outer extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Vue d’erreur de la route</p> : this.props.children;
  }
}

describe('lazyPart', () => {
  it('a part whose code cannot be downloaded says so in its place, with a retry that loads it; the rest of the page stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Greeting);
    const Part = lazyPart(load);
    await renderApp(
      <Outer>
        <label>
          Commentaire <input defaultValue="déjà saisi" />
        </label>
        <Part fallback={<p>Chargement…</p>} name="Łukasz" />
      </Outer>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Connexion au serveur impossible : vérifiez votre réseau.');
    expect(screen.queryByText('Vue d’erreur de la route')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Commentaire')).toHaveValue('déjà saisi');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    });
    expect(await screen.findByText('Bonjour Łukasz')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByLabelText('Commentaire')).toHaveValue('déjà saisi');
  });

  it('an error of the part itself (not its download) goes on to the route’s error view', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): ReactNode {
      throw new Error('bug');
    }
    const Part = lazyPart(() => Promise.resolve(Broken));
    await renderApp(
      <Outer>
        <Part fallback={null} />
      </Outer>,
    );
    expect(await screen.findByText('Vue d’erreur de la route')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });
});

describe('lazyPart kept in its place', () => {
  it('shown by a transition, the page stays as it is (its button busy) until the part’s code is there, then the part comes without its placeholder', async () => {
    let arrive: (part: typeof Greeting) => void = () => undefined;
    const Part = lazyPart(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    function Page() {
      const [shown, setShown] = useState(false);
      const [opening, startOpening] = useTransition();
      return (
        <>
          <button type="button" aria-busy={opening || undefined} onClick={() => startOpening(() => setShown(true))}>
            Ouvrir
          </button>
          <Part fallback={<p>Chargement…</p>} when={shown} name="Łukasz" />
        </>
      );
    }
    await renderApp(<Page />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    });
    expect(screen.getByRole('button', { name: 'Ouvrir' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Chargement…')).not.toBeInTheDocument();
    await act(async () => {
      arrive(Greeting);
    });
    expect(await screen.findByText('Bonjour Łukasz')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ouvrir' })).not.toHaveAttribute('aria-busy');
  });
});
