/**
 * `npm run mssql:change -- build|verify|repair|drop`: SQL Server's change table, the DBA's opt-in
 * (docs/databases.md "The change table"): each pricing's previous approved price and change rate,
 * stored and kept by a trigger, which MSSQL_CHANGE=table reads for the filters and orders by the
 * rate over whole statuses. Connects with the service's own settings (DB_CLIENT=mssql and
 * DB_HOST…DB_NAME, or DATABASE_URL=mssql://…); the login must be allowed to create tables and
 * triggers. The SQL is src/queries/operations/pricing-change-table.ts.
 * - build: table, indexes and trigger, then the fill in batches of parts (no long transaction),
 *   then the mark that MSSQL_CHANGE=table looks for; run again to finish an interrupted build.
 * - verify: every stored row against what the pricings compute now; exits 1 naming the pricings
 *   when any differ (rows written around the trigger: bcp / BULK INSERT without FIRE_TRIGGERS, a
 *   disabled trigger).
 * - repair: computes the parts of exactly those pricings again, then verifies again.
 * - drop: trigger, mark and table (the rates are then computed in one pass).
 * Exit 0 when done and sound, 1 when verify or repair leaves differences, 2 when nothing was run.
 */
import type { Knex } from 'knex';
import {
  buildChangeTable,
  CHANGE_TABLE,
  changeTableProblems,
  dropChangeTable,
  repairChangeTable,
  verifyChangeTable,
  type ChangeCheck,
} from '../src/queries/operations/pricing-change-table.js';
import { runMssqlCommand, sayAs } from './mssql-command.js';

const COMMANDS = ['build', 'verify', 'repair', 'drop'] as const;
type Command = (typeof COMMANDS)[number];
/** Ids printed; the counts are always whole. */
const SHOWN_IDS = 20;

const say = sayAs('mssql:change');

/** One line; true when it holds no difference. */
function report(check: ChangeCheck): boolean {
  if (check.wrongIds.length === 0) {
    say(`${CHANGE_TABLE}: ${check.rows.toLocaleString('en')} pricings, every stored rate as computed`);
    return true;
  }
  const ids = check.wrongIds.slice(0, SHOWN_IDS).join(', ') + (check.wrongIds.length > SHOWN_IDS ? ', …' : '');
  say(
    `${CHANGE_TABLE}: ${check.wrongIds.length} pricing(s) of ${check.partIds.length} part(s) stored otherwise than computed, missing or deleted (rate filters and orders may miss or misplace them): ids ${ids}`,
  );
  return false;
}

async function run(command: Command, db: Knex): Promise<number> {
  switch (command) {
    case 'build':
      await buildChangeTable(db, say);
      return 0;
    case 'drop':
      await dropChangeTable(db);
      say('dropped: trigger, mark and table; rates of whole statuses are computed in one pass');
      return 0;
    case 'verify': {
      const problems = await changeTableProblems(db);
      for (const p of problems) say(`not complete: ${p}`);
      if (problems.some((p) => p.startsWith('no table'))) return 1;
      const sound = report(await verifyChangeTable(db)) && problems.length === 0;
      say(sound ? 'verify: PASS' : 'verify: FAIL (`npm run mssql:change -- repair` computes those parts again)');
      return sound ? 0 : 1;
    }
    case 'repair': {
      const problems = await changeTableProblems(db);
      if (problems.some((p) => p.startsWith('no table'))) {
        for (const p of problems) say(`not built: ${p}`);
        say('nothing to repair: `npm run mssql:change -- build` first');
        return 1;
      }
      say('found:');
      report(await repairChangeTable(db, say));
      say('after the repair:');
      const sound = report(await verifyChangeTable(db));
      for (const p of problems) say(`still: ${p} (build again to restore it)`);
      return sound && problems.length === 0 ? 0 : 1;
    }
  }
}

runMssqlCommand({ tool: 'mssql:change', what: 'the change table', commands: COMMANDS, run });
