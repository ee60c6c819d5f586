import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbConfig } from '../../src/config.js';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const GRAMS_SCRIPT = path.join(PROJECT_ROOT, 'scripts/mssql-grams.ts');

/** Whether this build has the DBA command `script` (scripts/mssql-grams.ts). */
export const toolAvailable = (script: string): boolean => fs.existsSync(script);

/**
 * The environment that points loadConfig at `database` on the configured server: DB_NAME, or the
 * path of DATABASE_URL. Everything else (host, login, TLS) stays as configured.
 */
export function envForDatabase(db: DbConfig, database: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (db.url) {
    const url = new URL(db.url);
    url.pathname = `/${database}`;
    return { ...env, DATABASE_URL: url.href };
  }
  return { ...env, DB_NAME: database };
}

/** Children still running, for stopChildren. */
const running = new Set<ChildProcess>();

/** Stops the children still running (Ctrl-C): the scratch database cannot be dropped while they are in it. */
export async function stopChildren(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('close', () => resolve());
          child.kill('SIGINT');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
}

export interface ChildResult {
  code: number | null;
  /** The child's last lines (stdout and stderr), for the summary. */
  tail: string[];
}

/**
 * A DBA command (`npm run mssql:grams -- <command>`) as a child (node --import tsx,
 * as npm would run it), its output passed through `print` line by line.
 */
export function runTool(script: string, command: string, env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<ChildResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, command], {
      cwd: PROJECT_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.once('close', () => running.delete(child));
    const tail: string[] = [];
    const line = (text: string) => {
      if (text.trim() === '') return;
      print(text);
      tail.push(text);
      if (tail.length > 5) tail.shift();
    };
    // A chunk may end inside a line: keep the rest for the next chunk.
    const lines = (stream: NodeJS.ReadableStream) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop()!;
        parts.forEach(line);
      });
      stream.on('end', () => line(rest));
    };
    lines(child.stdout);
    lines(child.stderr);
    child.once('error', (err) => resolve({ code: null, tail: [err.message] }));
    child.once('close', (code) => resolve({ code, tail }));
  });
}
