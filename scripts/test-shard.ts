/**
 * Prints the path of a mocha config that runs shard K of N of the suite (.mocharc.json's files,
 * spread by test/support/mssql-file-seconds.json): `tsx scripts/test-shard.ts 2/3`.
 * A separate config, because mocha adds files named on its command line to the config's spec.
 * Refresh the seconds after a big change of the suite:
 *   npm run test:mssql -- --reporter test/support/file-seconds-reporter.cjs
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shardFiles, suiteFiles } from '../test/support/shards.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [index, count] = (/^(\d+)\/(\d+)$/.exec(process.argv[2] ?? '') ?? []).slice(1).map(Number);
if (index === undefined || count === undefined) {
  console.error('usage: tsx scripts/test-shard.ts K/N   (shard K of N, 1-based)');
  process.exit(2);
}

const config = JSON.parse(fs.readFileSync(path.join(ROOT, '.mocharc.json'), 'utf8')) as {
  spec: string;
  ignore?: string[];
  require?: string[];
};
const seconds = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/support/mssql-file-seconds.json'), 'utf8')) as Record<string, number>;
const files = shardFiles(suiteFiles(ROOT, config), seconds, index, count);
const { ignore: _ignore, ...rest } = config;
const shardConfig = {
  ...rest,
  spec: files.map((file) => path.join(ROOT, file)),
  require: (config.require ?? []).map((file) => path.join(ROOT, file)),
};
const out = path.join(ROOT, 'node_modules/.cache/test-shards', `shard-${index}-of-${count}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(shardConfig, null, 2));
const estimate = files.reduce((sum, file) => sum + (seconds[file] ?? 1), 0);
console.error(`shard ${index}/${count}: ${files.length} files, ~${Math.round(estimate)} s recorded`);
console.log(out);
