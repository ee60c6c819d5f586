import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const DEFAULT_API_TARGET = 'http://127.0.0.1:3001';

/**
 * Where `npm run dev -w web` sends /api: API_TARGET, the service's http(s) URL. Checked here,
 * because a bad value would otherwise only show as a 502 on every call of the page.
 */
function apiTarget(): string {
  const value = process.env.API_TARGET?.trim() || DEFAULT_API_TARGET;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // not a URL at all: reported below
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    console.error(`API_TARGET: "${value}" is not an http(s) URL of the service, e.g. ${DEFAULT_API_TARGET}`);
    process.exit(1);
  }
  return value;
}

// The service (npm start) serves web/dist at /; `npm run dev -w web` proxies /api to it.
export default defineConfig(({ command }) => ({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Vite's module preload polyfill is an inline-free file, but modern browsers do not need it.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
  },
  // Only the dev server (and `vite preview`) proxies: a build never reads API_TARGET.
  ...(command === 'serve' ? { server: { proxy: { '/api': apiTarget() } } } : {}),
}));
