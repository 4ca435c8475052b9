import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        // chunks say what they carry: a page's own code (page-claims-…js; the first-load budget checks
        // none is preloaded), the date pickers, the charts (the e2e checks who loads them)
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
