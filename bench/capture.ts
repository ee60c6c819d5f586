/**
 * Starting the children of `npm run bench` and bench/profile.ts (bench/server-child.ts): the
 * service, the floor and the baseline, and the short-lived capture of the service's statements
 * that the floor and the baseline replay.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kind } from './mix.js';
import type { Plans } from './server-child.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export type Side = 'service' | 'floor' | 'plain' | 'baseline';

export interface Child {
  child: ChildProcess;
  port: number;
}

function forkChild(mode: Side | 'capture', env: NodeJS.ProcessEnv, extraExecArgv: string[] = [], root?: string): ChildProcess {
  const child = fork(root ? path.join(root, 'bench', 'server-child.ts') : path.join(here, 'server-child.ts'), [mode], {
    env,
    // The V8 flag `npm start` passes (docs/operations.md: memory).
    execArgv: ['--import', 'tsx', '--max-semi-space-size=8', '--heap-growing-percent=50', ...extraExecArgv],
    // The service's request log (stdout) is written, to /dev/null; errors (stderr) are shown.
    stdio: ['ignore', mode === 'service' ? 'ignore' : 'inherit', 'inherit', 'ipc'],
    // Bindings may be Dates.
    serialization: 'advanced',
  });
  // Do not leave a server behind when the bench stops early.
  process.on('exit', () => child.kill());
  return child;
}

/** Each variant of `kinds` sent once through the real app, in a process of its own: its statements. */
export async function capturePlans(env: NodeJS.ProcessEnv, kinds: Kind[]): Promise<Plans> {
  const child = forkChild('capture', env);
  const plans = await new Promise<Plans>((resolve, reject) => {
    child.once('message', (m: { plans: Plans }) => resolve(m.plans));
    child.once('exit', (code) => reject(new Error(`capture child exited with ${code}`)));
    child.send({ kinds });
  });
  child.kill();
  return plans;
}

/** `root`: another checkout of the project (e.g. a `git archive` of an earlier commit) whose service to start. */
export async function startChild(
  mode: Side,
  env: NodeJS.ProcessEnv,
  kinds: Kind[],
  plans?: Plans,
  extraExecArgv?: string[],
  root?: string,
): Promise<Child> {
  const child = forkChild(mode, env, extraExecArgv, root);
  const ready = new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${mode} child exited with ${code}`)));
  });
  child.send({ kinds, plans });
  const port = await ready;
  return { child, port };
}
