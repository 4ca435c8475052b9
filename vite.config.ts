import { defineConfig } from 'vite';
import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.js';

export default defineConfig({
  // The React Compiler memoizes components and hooks: plugin-react 6 no longer runs Babel, so the
  // compiler's Babel plugin runs through @rolldown/plugin-babel, with plugin-react's own preset.
  plugins: [react(), babel({ presets: [reactCompilerPreset()] }), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // which chunk is a page's: scripts/first-load-budget.ts reads it from the manifest
    manifest: true,
    rollupOptions: {
      output: {
        // The bundler's own splitting (a chunk per route's lazy import and what routes share), plus
        // React and the router in a vendor chunk of their own: they change with an upgrade, not
        // with each release of the app, so the browser keeps them cached.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/webhooks': 'http://127.0.0.1:3000' },
  },
});
