import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/provider.js';
import { currentLang } from './lib/i18n.js';

document.documentElement.lang = currentLang();
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
