import fs from 'node:fs';
import path from 'node:path';

/**
 * Splitting the suite's files over several processes, for the SQL Server suite: Babelfish answers
 * one statement at a time per connection, so one process leaves the machine mostly idle while
 * several finish in a fraction of the time. Each shard creates its own scratch database.
 */

/** The files a mocha config's spec and ignore select (the `dir/**\/*.test.ts` forms we use). */
export function suiteFiles(root: string, config: { spec: string; ignore?: readonly string[] }): string[] {
  const spec = /^([\w/-]+)\/\*\*\/\*(\.[\w.]+)$/.exec(config.spec);
  if (!spec) throw new Error(`shards: the spec ${config.spec} is not of the form dir/**/*.ext`);
  const [, dir, suffix] = spec as unknown as [string, string, string];
  const ignored = (config.ignore ?? []).map((pattern) => {
    if (!pattern.endsWith('/**')) throw new Error(`shards: the ignore pattern ${pattern} is not of the form dir/**`);
    return pattern.slice(0, -2);
  });
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((name) => `${dir}/${name.split(path.sep).join('/')}`)
    .filter((file) => file.endsWith(suffix) && !ignored.some((prefix) => file.startsWith(prefix)))
    .sort();
}

/**
 * Shard `index` (1-based) of `count`: longest first onto the least loaded shard, by the seconds a
 * file took in a recorded run; a file missing from the record counts as one second.
 */
export function shardFiles(files: readonly string[], seconds: Readonly<Record<string, number>>, index: number, count: number): string[] {
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(index) || index < 1 || index > count) {
    throw new Error(`shards: shard ${index}/${count} does not exist`);
  }
  const weight = (file: string) => seconds[file] ?? 1;
  const shards = Array.from({ length: count }, () => ({ files: [] as string[], load: 0 }));
  const byWeight = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  for (const file of byWeight) {
    const lightest = shards.reduce((min, shard) => (shard.load < min.load ? shard : min));
    lightest.files.push(file);
    lightest.load += weight(file);
  }
  return shards[index - 1]!.files.sort();
}
