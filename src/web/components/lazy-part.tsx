import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Component, createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A part's code that could not be downloaded (the network dropped): the only error handled here. */
class PartLoadError extends Error {
  constructor(cause: unknown) {
    super('part not loaded', { cause });
  }
}

function PartNotLoaded({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      }
    >
      {t('errors.network')}
    </Alert>
  );
}

/** Catches a failed download of the part below it; any other error goes on to the route's boundary. */
class PartBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof PartLoadError)) throw error;
    return (
      <PartNotLoaded
        onRetry={() => {
          this.setState({ error: null });
          this.props.onRetry();
        }}
      />
    );
  }
}

/**
 * A part of a page whose code loads on demand (React's `lazy`), with `fallback` in its place while
 * it loads. When its code cannot be downloaded, the part alone says so with a retry, in its place:
 * the rest of the page (a form being filled, the figures) stays as it is, rather than the route's
 * error view replacing the whole page. `lazy` keeps a failed load for good, so a retry makes a new one.
 *
 * `when={false}` keeps the part's place on the page without the part (nor its code): shown later by
 * an update in a transition (`useTransition`), the page stays as it is, with the transition's
 * pending state, until the code is there, and the part then comes at once, without its fallback
 * (React keeps what a boundary already shows during a transition; a boundary mounted with the part
 * shows its fallback first and holds the part back for 300 ms after it).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P & { fallback: ReactNode; when?: boolean }> {
  const make = () =>
    lazy(() =>
      load().then(
        (part) => ({ default: part }),
        (error: unknown) => {
          throw new PartLoadError(error);
        },
      ),
    );
  let Part = make();
  return function LazyPart({ fallback, when = true, ...props }: P & { fallback: ReactNode; when?: boolean }) {
    const [, setAttempt] = useState(0);
    const retry = () => {
      Part = make();
      setAttempt((n) => n + 1);
    };
    return (
      <PartBoundary onRetry={retry}>
        <Suspense fallback={fallback}>{when ? createElement(Part as unknown as ComponentType<typeof props>, props) : null}</Suspense>
      </PartBoundary>
    );
  };
}
