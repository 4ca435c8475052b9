import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/provider.js';

/**
 * The start-up: the app (query client, copy, theme, router: provider.tsx) drawn into #root, which
 * shows index.html's header bar and spinner until then. The router loads the page's code and
 * starts its reads (router.tsx).
 */
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
