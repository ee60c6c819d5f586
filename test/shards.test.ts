import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { shardFiles, suiteFiles } from './support/shards.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const config = JSON.parse(fs.readFileSync(path.join(ROOT, '.mocharc.json'), 'utf8')) as { spec: string; ignore: string[] };
const seconds = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/support/mssql-file-seconds.json'), 'utf8')) as Record<string, number>;

describe('test shards (CI runs the SQL Server suite as shards)', () => {
  it("the suite's files are those of .mocharc.json: this file, none of the live, web or replica suites", () => {
    const files = suiteFiles(ROOT, config);
    expect(files).to.include('test/shards.test.ts');
    expect(files).to.include('test/routes/pricing.test.ts');
    expect(files.filter((f) => /^test\/(live|web|replica)\//.test(f))).to.deep.equal([]);
    expect(files.every((f) => f.endsWith('.test.ts'))).to.equal(true);
  });

  it('every file runs in exactly one shard, whatever the count, recorded or not', () => {
    const files = suiteFiles(ROOT, config);
    for (const count of [1, 2, 3, 5]) {
      const shards = Array.from({ length: count }, (_, i) => shardFiles(files, seconds, i + 1, count));
      expect(shards.flat().sort(), `${count} shards`).to.deep.equal(files);
    }
  });

  it('the longest files go to different shards, and the loads come out close', () => {
    const weights = { 'a.ts': 40, 'b.ts': 39, 'c.ts': 33, 'd.ts': 10, 'e.ts': 9, 'f.ts': 8, 'g.ts': 1 };
    const files = Object.keys(weights);
    const shards = [1, 2, 3].map((i) => shardFiles(files, weights, i, 3));
    expect(shards).to.deep.equal([
      ['a.ts', 'f.ts'],
      ['b.ts', 'e.ts'],
      ['c.ts', 'd.ts', 'g.ts'],
    ]);
    expect(shardFiles(['new.ts', ...files], weights, 3, 3), 'an unrecorded file counts as one second').to.include('new.ts');
    expect(() => shardFiles(files, weights, 4, 3)).to.throw(/4\/3/);
  });
});
