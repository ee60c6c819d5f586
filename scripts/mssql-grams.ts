/**
 * `npm run mssql:grams -- build|verify|repair|drop`: SQL Server's gram index, the DBA's opt-in
 * (docs/databases.md "The gram index"). Connects with the service's own settings (DB_CLIENT=mssql
 * and DB_HOST…DB_NAME, or DATABASE_URL=mssql://…); the login must be allowed to create tables and
 * triggers. The SQL is src/queries/search/mssql-gram-index.ts.
 * - build: gram tables and triggers, then the fill in batches (no long transaction), then the mark
 *   that MSSQL_SEARCH=grams looks for; run again to finish an interrupted build.
 * - verify: every row's grams against its texts; exits 1 naming the rows when any differ (rows
 *   written around the triggers: bcp / BULK INSERT without FIRE_TRIGGERS, a disabled trigger).
 * - repair: rewrites the grams of exactly those rows, then verifies again.
 * - drop: triggers, tables, function and mark (keyword filters then scan).
 * Exit 0 when done and sound, 1 when verify or repair leaves differences, 2 when nothing was run.
 */
import type { Knex } from 'knex';
import {
  buildGramIndex,
  dropGramIndex,
  gramIndexProblems,
  repairGramIndex,
  verifyGramIndex,
  type TableGramCheck,
} from '../src/queries/search/mssql-gram-index.js';
import { mssqlGramsTable } from '../src/queries/search/schema.js';
import { runMssqlCommand, sayAs } from './mssql-command.js';

const COMMANDS = ['build', 'verify', 'repair', 'drop'] as const;
type Command = (typeof COMMANDS)[number];
/** Ids printed per table and kind; the counts are always whole. */
const SHOWN_IDS = 20;

const say = sayAs('mssql:grams');

/** One line per table; true when it holds no difference. */
function report(checks: readonly TableGramCheck[]): boolean {
  let sound = true;
  for (const c of checks) {
    const name = mssqlGramsTable(c.table);
    if (c.missingIds.length === 0 && c.extraIds.length === 0) {
      say(`${name}: ${c.rows.toLocaleString('en')} rows of ${c.table}, every row's grams as its texts cut`);
      continue;
    }
    sound = false;
    const ids = (list: number[]) => list.slice(0, SHOWN_IDS).join(', ') + (list.length > SHOWN_IDS ? ', …' : '');
    if (c.missingIds.length > 0)
      say(`${name}: ${c.missingIds.length} row(s) miss ${c.missingGrams} gram(s) (keyword search misses them): ids ${ids(c.missingIds)}`);
    if (c.extraIds.length > 0)
      say(
        `${name}: ${c.extraIds.length} row(s) or deleted id(s) hold ${c.extraGrams} stale gram(s) (a search may list a row for a text it no longer holds): ids ${ids(c.extraIds)}`,
      );
  }
  return sound;
}

async function run(command: Command, db: Knex): Promise<number> {
  switch (command) {
    case 'build':
      await buildGramIndex(db, say);
      return 0;
    case 'drop':
      await dropGramIndex(db);
      say('dropped: triggers, gram tables, function and mark; keyword filters scan with LIKE');
      return 0;
    case 'verify': {
      const problems = await gramIndexProblems(db);
      for (const p of problems) say(`not complete: ${p}`);
      if (problems.some((p) => p.startsWith('no table'))) return 1;
      const sound = report(await verifyGramIndex(db));
      say(sound && problems.length === 0 ? 'verify: PASS' : 'verify: FAIL (`npm run mssql:grams -- repair` rewrites those rows)');
      return sound && problems.length === 0 ? 0 : 1;
    }
    case 'repair': {
      const problems = await gramIndexProblems(db);
      if (problems.some((p) => p.startsWith('no table'))) {
        for (const p of problems) say(`not built: ${p}`);
        say('nothing to repair: `npm run mssql:grams -- build` first');
        return 1;
      }
      say('found:');
      report(await repairGramIndex(db, say));
      say('after the repair:');
      const sound = report(await verifyGramIndex(db));
      for (const p of problems) say(`still: ${p} (build again to restore it)`);
      return sound && problems.length === 0 ? 0 : 1;
    }
  }
}

runMssqlCommand({ tool: 'mssql:grams', what: 'the gram index', commands: COMMANDS, run });
