import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app/provider.js';

/**
 * The start-up: the router is built first, and starts loading the page's code and its reads
 * (router.tsx); then the app (query client, copy, theme, router: provider.tsx) is drawn into #root,
 * which shows index.html's header bar and spinner until then.
 */
const root = document.getElementById('root');
if (root) {
  const app = createApp();
  createRoot(root).render(
    <StrictMode>
      <App app={app} />
    </StrictMode>,
  );
}
