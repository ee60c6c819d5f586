import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { ENV_VARIABLES } from '../src/config.js';
import { PRICE_BASIS_LABELS, PRICING_STATUS_LABELS, PROCESS_CATEGORY_LABELS, PROCESS_STATUS_LABELS } from '../src/domain.js';
import { ERROR_CODES } from '../src/http/errors.js';
import { openApiDocument } from '../src/openapi.js';

/**
 * The docs stand alone and stay in step with the code: links resolve inside the repository, and
 * docs/api.md and the README name what the code has (routes, error codes, variables, export names).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const MARKDOWN = [
  'README.md',
  'bench/README.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of markdown.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    anchors.add(
      heading!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    );
  }
  return anchors;
}

describe('documentation', () => {
  it('docs/api.md exists: the contract is in the repository', () => {
    expect(fs.existsSync(path.join(ROOT, 'docs/api.md'))).to.equal(true);
    expect(read('README.md')).to.include('(docs/api.md)');
  });

  for (const file of MARKDOWN) {
    it(`${file}: every relative link points to a file (and heading) inside the repository`, () => {
      const text = read(file);
      const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/i.test(l));
      for (const link of links) {
        const [target, anchor] = link.split('#') as [string, string | undefined];
        const resolved = target === '' ? path.join(ROOT, file) : path.resolve(path.dirname(path.join(ROOT, file)), target);
        expect(path.relative(ROOT, resolved), `${file}: ${link} leaves the repository`).to.not.match(/^\.\./);
        expect(fs.existsSync(resolved), `${file}: ${link} does not exist`).to.equal(true);
        if (anchor && resolved.endsWith('.md')) {
          expect([...anchorsOf(fs.readFileSync(resolved, 'utf8'))], `${file}: ${link}`).to.include(anchor);
        }
      }
      // The Babelfish package beside the project is named as a path (test:mssql uses it), never linked.
      expect(text, `${file} refers to the shared design folder`).to.not.match(/\.\.\/shared\/design\b/);
    });
  }

  it('docs/api.md names every route of the OpenAPI document and every error code', () => {
    const api = read('docs/api.md');
    for (const [route, ops] of Object.entries(openApiDocument().paths ?? {})) {
      const shown = route.replace('/{asset}', '/');
      for (const method of Object.keys(ops)) {
        // `GET /api` must be named itself, not only as the start of `/api/info`.
        const end = shown.endsWith('/') ? '' : '(?![\\w/.-])';
        expect(api, `${method} ${route}`).to.match(new RegExp(`(${method}\\s*\\|?\\s*|\`)${shown.replace(/[.]/g, '\\.')}${end}`, 'i'));
      }
    }
    for (const code of Object.keys(ERROR_CODES)) expect(api, code).to.include(`\`${code}\``);
  });

  it('docs/api.md lists the Chinese names the exports show for each code', () => {
    const api = read('docs/api.md');
    for (const labels of [PRICING_STATUS_LABELS, PROCESS_STATUS_LABELS, PROCESS_CATEGORY_LABELS, PRICE_BASIS_LABELS]) {
      for (const name of Object.values(labels)) expect(api, name).to.include(name);
    }
  });

  it('the README configuration table names every environment variable the service reads', () => {
    const readme = read('README.md');
    for (const variable of ENV_VARIABLES.filter((v) => v !== 'NODE_ENV')) expect(readme, variable).to.include(`\`${variable}\``);
  });
});
