import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The service (npm start) serves web/dist at /; `npm run dev -w web` proxies /api to it.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Vite's module preload polyfill is an inline-free file, but modern browsers do not need it.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3001' } },
});
