import fs from 'node:fs';
import path from 'node:path';

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its directory's mtime
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/**
 * Whether a build must run: its stamp (written last, so an interrupted build counts as stale) is
 * missing or older than any of its sources (files or folders, relative to `base`).
 */
export function isStale(stamp: string, base: string, sources: readonly string[]): boolean {
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return sources.some((s) => newestMtime(path.join(base, s)) > built);
}

export function writeStamp(stamp: string): void {
  fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
}
