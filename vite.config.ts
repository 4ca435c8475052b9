import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { appShell, precompress } from './scripts/app-shell.js';

export default defineConfig({
  plugins: [react(), appShell(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
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
