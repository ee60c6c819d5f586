/**
 * The files of the docs page, by the name they are served under (the docs asset route in
 * ./docs.ts). A fixed list rather than a directory: nothing a caller types becomes a file path.
 * `file` is in the swagger-ui-dist package, or, for our own initializer, in ./docs-static/.
 */
export const DOCS_ASSETS = {
  'swagger-ui.css': { from: 'swagger-ui-dist', file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { from: 'swagger-ui-dist', file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'favicon-32x32.png': { from: 'swagger-ui-dist', file: 'favicon-32x32.png', type: 'image/png' },
  'docs-init.js': { from: 'local', file: 'docs-init.js', type: 'text/javascript; charset=utf-8' },
} as const;

export type DocsAssetName = keyof typeof DOCS_ASSETS;
