import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, followSessionLoss } from './app/provider.js';
import { createRouter } from './app/router.js';
import { createQueryClient } from './lib/query-client.js';

const root = document.getElementById('root');
if (root) {
  const queryClient = createQueryClient();
  const router = createRouter(queryClient);
  // the loaders' first reads are on their way: a "not signed in" among them must send to sign-in
  followSessionLoss(queryClient, router);
  // The app shell (index.html, scripts/app-shell.ts) stays on screen until the page's code is
  // there: React's first render then draws the page itself, in slices (a transition), so a slow
  // phone answers a tap between them.
  const draw = () =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App queryClient={queryClient} router={router} />
        </StrictMode>,
      ),
    );
  if (router.state.initialized) draw();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      draw();
    });
  }
}
