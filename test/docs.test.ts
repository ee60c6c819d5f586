import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { ENV_VARIABLES } from '../src/config.js';
import { PRICE_BASIS_LABELS, PRICING_STATUS_LABELS, PROCESS_CATEGORY_LABELS, PROCESS_STATUS_LABELS } from '../src/domain.js';
import { ERROR_CODES } from '../src/http/errors.js';
import { openApiDocument } from '../src/openapi.js';
import { closeTestApp, createTestApp, type TestApp } from './support/context.js';

/**
 * The docs stand alone and stay in step with the code: links resolve inside the repository,
 * docs/api.md and the README name what the code has (routes, error codes, variables, export names),
 * and their examples are what the service answers on the demo seed.
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

/** What an example leaves out: a key `"…"` (other fields), a list element `"…"` (more rows), a value ending in `…`. */
const GAP = '…';

interface Example {
  at: string;
  method: 'get' | 'post';
  path: string;
  body?: unknown;
  shown: unknown;
}

/** A `curl` block followed by the JSON it answers. */
function curlExamples(file: string): Example[] {
  const examples: Example[] = [];
  for (const m of read(file).matchAll(/```sh\n([^`]*)```\n```json\n([^`]*)```/g)) {
    const command = m[1]!.replace(/\\\n\s*/g, ' ');
    const path = /curl -s localhost:3001(\/[^\s']+)/.exec(command)?.[1];
    if (!path) continue;
    const data = /-d '([^']*)'/.exec(command)?.[1];
    examples.push({
      at: `${file}: ${command.trim().slice(0, 90)}`,
      method: data === undefined ? 'get' : 'post',
      path,
      body: data === undefined ? undefined : JSON.parse(data),
      shown: JSON.parse(m[2]!),
    });
  }
  return examples;
}

/** `actual` is what `shown` shows: equal where nothing is left out, field order included. */
function expectShown(actual: unknown, shown: unknown, at: string): void {
  if (shown === GAP) return;
  if (typeof shown === 'string' && shown.endsWith(GAP)) {
    expect(actual, at).to.be.a('string');
    expect((actual as string).startsWith(shown.slice(0, -GAP.length)), `${at}: ${String(actual)}`).to.equal(true);
  } else if (Array.isArray(shown)) {
    expect(actual, at).to.be.an('array');
    const rows = actual as unknown[];
    const cut = shown.at(-1) === GAP;
    const listed = cut ? shown.slice(0, -1) : shown;
    if (cut) expect(rows.length, `${at}: rows`).to.be.above(listed.length);
    else expect(rows.length, `${at}: rows (mark left-out rows with "…")`).to.equal(listed.length);
    listed.forEach((element, i) => expectShown(rows[i], element, `${at}[${i}]`));
  } else if (shown !== null && typeof shown === 'object') {
    expect(actual, at).to.be.an('object');
    const fields = actual as Record<string, unknown>;
    const keys = Object.keys(shown).filter((k) => k !== GAP);
    if (GAP in shown) expect(fields, at).to.include.keys(keys);
    else expect(Object.keys(fields), `${at}: fields (mark left-out fields with "…": "…")`).to.deep.equal(keys);
    for (const key of keys) expectShown(fields[key], (shown as Record<string, unknown>)[key], `${at}.${key}`);
  } else {
    expect(actual, at).to.deep.equal(shown);
  }
}

/** docs/api.md's table of mistakes: each body's message, `…` standing for the rest of a list. */
function mistakeExamples(): { body: unknown; message: string }[] {
  return [...read('docs/api.md').matchAll(/^\| `(\{.*\})`[^|]*\| `([^`]+)`/gm)].map((m) => ({ body: JSON.parse(m[1]!), message: m[2]! }));
}

function expectMessage(actual: string, shown: string): void {
  let from = 0;
  for (const piece of shown.split(GAP)) {
    const at = actual.indexOf(piece, from);
    expect(at, `"${actual}" shows "${shown}"`).to.be.at.least(from);
    from = at + piece.length;
  }
  if (!shown.endsWith(GAP)) expect(from, `"${actual}" shows "${shown}"`).to.equal(actual.length);
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

  it("docs/architecture.md: the filter guide's checks run npm run lint", () => {
    const guide = read('docs/architecture.md').split('## Add a filter')[1]?.split(/^## /m)[0] ?? '';
    const checks = /### Checks\n+```sh\n([^`]*)```/.exec(guide)?.[1] ?? '';
    expect(checks).to.match(/^npm run lint\b/m);
  });

  it('the README configuration table names every environment variable the service reads', () => {
    const readme = read('README.md');
    for (const variable of ENV_VARIABLES.filter((v) => v !== 'NODE_ENV')) expect(readme, variable).to.include(`\`${variable}\``);
  });

  describe('examples, sent to the service', () => {
    let t: TestApp;
    before(() => {
      t = createTestApp();
    });
    after(() => closeTestApp(t));

    const examples = ['README.md', 'docs/api.md'].flatMap(curlExamples);
    it('the README shows at least a list query and an error', () => {
      expect(examples.filter((e) => e.at.startsWith('README.md')).length).to.be.at.least(2);
    });
    for (const example of examples) {
      it(`${example.at}: the answer is the one shown`, async () => {
        const res =
          example.method === 'get' ? await t.request.get(example.path) : await t.request.post(example.path).send(example.body as object);
        expectShown(res.body, example.shown, example.at);
      });
    }

    it('docs/api.md: each mistake of its table gets the message shown', async () => {
      const mistakes = mistakeExamples();
      expect(mistakes.length).to.be.at.least(8);
      for (const { body, message } of mistakes) {
        const res = await t.request.post('/api/query/pricing').send(body as object);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        const messages = (res.body.errors as { message: string }[]).map((e) => e.message);
        expect(
          messages.some((m) => {
            try {
              expectMessage(m, message);
              return true;
            } catch {
              return false;
            }
          }),
          `${JSON.stringify(body)}: ${messages.join(' | ')} shows ${message}`,
        ).to.equal(true);
      }
    });
  });
});
