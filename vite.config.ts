import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.js';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        // React and the router in a chunk of their own: they change with an upgrade, not with each
        // release of the app, so the browser keeps them cached. (MUI is left to the bundler: a group
        // takes every module it matches, the components of every page with it, into the first load.)
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
        // readable names in the network panel: a page's code, the date pickers', the charts'
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/src/web/app/routes/')
            ? 'assets/page-[name]-[hash].js'
            : chunk.moduleIds.some((id) => id.includes('/@mui/x-date-pickers/DatePicker/'))
              ? 'assets/date-pickers-[hash].js'
              : chunk.moduleIds.some((id) => id.includes('/@mui/x-charts/BarChart/'))
                ? 'assets/charts-[hash].js'
                : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/webhooks': 'http://127.0.0.1:3000' },
  },
});
