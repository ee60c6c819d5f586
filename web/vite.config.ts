import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';

/**
 * Libraries only some pages load, when used: the charts (recharts and the packages it alone uses)
 * and the sign-in client.
 */
const LATER = new RegExp(
  `[\\\\/]node_modules[\\\\/](${[
    'recharts',
    '@reduxjs/toolkit',
    'redux',
    'redux-thunk',
    'react-redux',
    'reselect',
    'immer',
    'es-toolkit',
    'decimal\\.js-light',
    'eventemitter3',
    'tiny-invariant',
    'victory-vendor',
    'd3-[^\\\\/]+',
    'internmap',
    'oidc-client-ts',
    'react-oidc-context',
    'jwt-decode',
  ].join('|')})[\\\\/]`,
);

/**
 * What the entry script (src/main.tsx) imports, all of it free of libraries: kept apart from the
 * app's modules, so that the entry runs (and asks what the opened page asks first) before the
 * libraries have loaded. `entryFirst` below fails the build when it would wait for them after all.
 */
const ENTRY = new RegExp(
  `[\\\\/]web[\\\\/]src[\\\\/](${[
    'first-request',
    'page-code',
    'list-query',
    'rate',
    'pricing-list',
    'secondary-process-list',
    'auth[\\\\/]config',
    'api[\\\\/](client|fields|services)',
  ].join('|')})\\.tsx?$`,
);

const DEFAULT_API_TARGET = 'http://127.0.0.1:3001';

/** Where the service serves the page (src/routes/web-app.ts): the links the plugins below write start with it. */
const BASE = '/';

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

/**
 * antd's styles of the first screens as a CSS file (build/static-styles.tsx renders the routes
 * through Vite's SSR loader): the page then skips making them in the browser before its first rows.
 */
function antdStaticStyles(): Plugin {
  let fileName = '';
  return {
    name: 'antd-static-styles',
    apply: 'build',
    async buildStart() {
      const server = await createServer({
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      let css: string;
      try {
        const { staticStyles } = (await server.ssrLoadModule('/build/static-styles.tsx')) as { staticStyles: () => Promise<string> };
        css = await staticStyles();
      } finally {
        await server.close();
      }
      // antd names its classes differently outside production: the page would never use this file.
      if (css.includes('css-dev-only-do-not-override')) this.error('antd styles were rendered outside production mode (NODE_ENV)');
      fileName = `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
    },
    transformIndexHtml() {
      return [{ tag: 'link', attrs: { rel: 'stylesheet', href: `${BASE}${fileName}` }, injectTo: 'head' }];
    },
  };
}

/**
 * `<link rel="modulepreload">` in index.html for the chunks every page needs (the codeSplitting
 * groups below): the browser fetches them with the entry script instead of after running it.
 */
function preloadChunks(names: readonly string[]): Plugin {
  return {
    name: 'preload-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        return Object.values(bundle ?? {})
          .filter((item) => item.type === 'chunk' && names.includes(item.name))
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${BASE}${chunk.fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/** Fails the build when the entry script imports, at any depth, the chunk of the libraries (the `ui` group). */
function entryFirst(): Plugin {
  return {
    name: 'entry-first',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      const seen = new Set<string>();
      const walk = (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) walk(imported);
      };
      if (entry) walk(entry.fileName);
      const waits = [...seen].filter((fileName) => chunks.get(fileName)?.name === 'ui');
      if (waits.length > 0)
        this.error(`the entry script would wait for ${waits.join(', ')}: keep what it imports in ENTRY (vite.config.ts)`);
    },
  };
}

// The service (npm start) serves web/dist at /; `npm run dev -w web` proxies /api to it.
export default defineConfig(({ command }) => ({
  base: BASE,
  plugins: [react(), antdStaticStyles(), preloadChunks(['ui', 'app']), entryFirst()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Vite's module preload polyfill is an inline-free file, but modern browsers do not need it.
    modulePreload: { polyfill: false },
    // The ui chunk below is antd, ProComponents and React together.
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page draws with in one file, and the app's modules that pages share
          // in another, not thirty small ones: a cold load over HTTP/1.1 fetches six at a time, and
          // each file costs the page's main thread its own work. The charts and the sign-in client
          // stay with the pages that use them.
          groups: [
            { name: 'ui', priority: 2, test: (id: string) => /[\\/]node_modules[\\/]/.test(id) && !LATER.test(id) },
            // What the entry script imports, in a file of its own: the app's modules would bring the libraries.
            { name: 'first', priority: 3, test: ENTRY },
            // Not the print sheets: their CSS sets the paper of the pages that print them.
            { name: 'app', priority: 1, minShareCount: 2, test: /[\\/]web[\\/]src[\\/](?!components[\\/]print[\\/])/ },
          ],
        },
      },
    },
  },
  // Only the dev server (and `vite preview`) proxies: a build never reads API_TARGET.
  ...(command === 'serve' ? { server: { proxy: { '/api': apiTarget() } } } : {}),
}));
