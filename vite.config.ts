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
        // a page's own chunk says so (page-claims-…js): the first-load budget checks none is preloaded
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/src/web/app/routes/') ? 'assets/page-[name]-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/webhooks': 'http://127.0.0.1:3000' },
  },
});
