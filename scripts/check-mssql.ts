/**
 * `npm run check:mssql`: the DBA's first run on a real SQL Server (docs/databases.md "npm run
 * check:mssql"). Connects with the service's own settings (DB_CLIENT=mssql and DB_HOST…DB_NAME, or
 * DATABASE_URL=mssql://…) and:
 * 1. probes the string rules where SQL Server and Babelfish differ and prints what the server does
 *    (facts, never a failure);
 * 2. checks that every migration of this build is applied and every object they create is there;
 * 3. creates a scratch database pricing_check_<pid>_<random>, migrates and seeds it, sends the
 *    dialect identity battery to the service on it and on a SQLite demo file and compares the
 *    answers, then drops it (also on failure and Ctrl-C); skipped when CREATE DATABASE is refused;
 * 4. prints a summary to paste into a ticket. Exit 0 on PASS, 1 on FAIL, 2 when not run at all.
 *
 * A configured database the service never used (no knex_migrations, none of the tables, such as
 * master) has nothing for step 2: the objects are then checked on the scratch database instead. The password is never printed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { ConfigError, loadConfig, type Config, type DbConfig } from '../src/config.js';
import { createDb, type DbLog } from '../src/db/connection.js';
import { describeDbError } from '../src/db/errors.js';
import { runBattery, type BatteryReport } from './mssql-check/battery.js';
import { expectedObjects, type ExpectedObject } from './mssql-check/expected-objects.js';
import { checkObjects, objectsFailed, type ObjectsReport } from './mssql-check/objects.js';
import { formatAnswer, runProbes, type ProbeResult } from './mssql-check/probes.js';
import { createScratch, type Scratch } from './mssql-check/scratch.js';

// ---------------------------------------------------------------------------------------------
// Output: every line passes through mask(), so that no message can carry the password out.

let secret: string | undefined;
const mask = (text: string) => (secret && secret.length >= 4 ? text.split(secret).join('***') : text);
const say = (line = '') => console.log(mask(line));
const step = (title: string) => say(`\n=== ${title}`);
const messageOf = (err: unknown) => mask(err instanceof Error ? err.message : String(err)).split('\n')[0]!;

// ---------------------------------------------------------------------------------------------

interface ServerInfo {
  version: string;
  productVersion: string;
  database: string;
  collation: string;
  compatibilityLevel: string;
}

/** Where objects were checked, and what was found. */
interface ObjectsOutcome {
  where: string;
  report?: ObjectsReport;
  error?: string;
  note?: string;
}

interface BatteryOutcome {
  report?: BatteryReport;
  error?: string;
}

interface Outcome {
  server?: ServerInfo;
  probes: ProbeResult[];
  objects?: ObjectsOutcome;
  scratch: { name?: string; skipped?: string; error?: string; dropError?: string };
  battery?: BatteryOutcome;
}

/** knex's own console lines (a stack per failed connect) repeat what the failing statement says. */
const QUIET: DbLog = { warn: () => {}, error: () => {}, debug: () => {} };

/** Host, port, login and database as they may be printed. */
function describeConnection(db: DbConfig): string {
  if (db.url) {
    const u = new URL(db.url);
    u.password = '';
    return `${u.hostname}:${u.port || 1433} as ${decodeURIComponent(u.username) || '(no user)'}, database ${u.pathname.slice(1) || '(default)'}`;
  }
  return `${db.host}:${db.port ?? 1433} as ${db.user ?? '(no user)'}, database ${db.database ?? '(default)'}`;
}

async function serverInfo(db: Knex): Promise<ServerInfo> {
  const [row] = await db.raw<Record<string, unknown>[]>(`select @@version as version,
      cast(serverproperty('ProductVersion') as nvarchar(128)) as product_version,
      db_name() as db,
      cast(databasepropertyex(db_name(), 'Collation') as nvarchar(128)) as collation,
      (select compatibility_level from sys.databases where name = db_name()) as compatibility_level`);
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '?');
  return {
    version: text(row?.version).replace(/\s+/g, ' ').trim(),
    productVersion: text(row?.product_version),
    database: text(row?.db),
    collation: text(row?.collation),
    compatibilityLevel: text(row?.compatibility_level),
  };
}

function printProbes(results: ProbeResult[]): void {
  for (const { probe, answer, error, verdict } of results) {
    say(`- ${probe.rule}`);
    say(`    server:     ${error ? `ERROR ${mask(error).split('\n')[0]}` : formatAnswer(answer!)}  (${verdict})`);
    say(`    SQL Server: ${probe.sqlServer ? `${formatAnswer(probe.sqlServer)}: ` : ''}${probe.sqlServerSays}`);
    say(`    Babelfish:  ${probe.babelfish ? `${formatAnswer(probe.babelfish)}: ` : ''}${probe.babelfishSays}`);
    say(`    our SQL:    clear of it because ${probe.ours}`);
  }
}

function printObjects(r: ObjectsReport): void {
  say(`migrations: ${r.applied} applied; pending: ${r.pending.length ? r.pending.join(', ') : 'none'}`);
  if (r.unknown.length) say(`  applied by another build (not in this one's migrations/): ${r.unknown.join(', ')}`);
  say(`objects the migrations create: ${r.expected}, missing: ${r.missing.length ? r.missing.map(describeObject).join(', ') : 'none'}`);
  for (const p of r.problems) say(`  ${p}`);
  if (r.missing.length) say(`  ${NOT_VISIBLE}`);
}

// SQL Server's catalog views list only the objects the login holds some permission on.
const NOT_VISIBLE =
  'a login sees only the objects it has a permission on: run as the owner, or GRANT VIEW DEFINITION, before reading "missing" as absent';

const describeObject = (o: ExpectedObject) => `${o.kind} ${o.name}${o.table ? ` (on ${o.table})` : ''}`;

/** A SQLite file for the demo data: the reference the battery compares with. */
function sqliteReference(): { db: Knex; config: DbConfig; remove(): Promise<void> } {
  const file = path.join(os.tmpdir(), `pricing-check-${process.pid}-${crypto.randomBytes(4).toString('hex')}.sqlite3`);
  const config = loadConfig({ DB_CLIENT: 'better-sqlite3', DB_FILENAME: file, DB_MIGRATE: 'false' }).db;
  const db = createDb(config);
  return {
    db,
    config,
    async remove() {
      await db.destroy();
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------

/** What Ctrl-C must undo, last first: the scratch database above all. */
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
let interrupted = false;

/** Runs the clean-ups once; a second caller (Ctrl-C during the normal end) waits for the same run. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const undo = cleanups.pop()!;
      await undo().catch((err: unknown) => say(`clean-up: ${messageOf(err)}`));
    }
  })();
  return cleaning;
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    interrupted = true;
    say(`\n${signal}: dropping what this run created, then stopping`);
    void cleanUp().finally(() => process.exit(code));
  });
}

async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    say(`check:mssql: ${err.message}`);
    return 2;
  }
  secret = config.db.password ?? (config.db.url ? decodeURIComponent(new URL(config.db.url).password) : undefined);
  if (config.db.client !== 'mssql') {
    say(`check:mssql checks a SQL Server, but the configured client is ${config.db.client}.`);
    say('Set DB_CLIENT=mssql with DB_HOST, DB_PORT, DB_USER, DB_PASSWORD, DB_NAME (DB_ENCRYPT, DB_TRUST_SERVER_CERTIFICATE),');
    say('or DATABASE_URL=mssql://user:password@host:1433/database. Nothing was run.');
    return 2;
  }
  const outcome: Outcome = { probes: [], scratch: {} };
  say(
    `check:mssql: ${describeConnection(config.db)}, encrypt ${config.db.encrypt}, trustServerCertificate ${config.db.trustServerCertificate}`,
  );

  const db = createDb({ ...config.db, poolMin: 0, poolMax: 2 }, QUIET);
  cleanups.push(() => db.destroy());
  try {
    outcome.server = await serverInfo(db);
  } catch (err) {
    const cause = describeDbError(err)?.cause;
    say(`cannot query the server${cause ? ` (${cause})` : ''}: ${messageOf(err)}`);
    await cleanUp();
    return 1;
  }
  const s = outcome.server;
  say(`server: ${s.version}`);
  say(`database ${s.database}: collation ${s.collation}, compatibility level ${s.compatibilityLevel}`);

  step('1. Rules where SQL Server and Babelfish differ (docs/databases.md): what this server does');
  outcome.probes = await runProbes(db);
  printProbes(outcome.probes);

  step('2. Migrations and their objects');
  const expected = await expectedObjects();
  let objectsOnScratch = false;
  try {
    const report = await checkObjects(db, expected);
    if (report.migrated) {
      outcome.objects = { where: `database ${s.database}`, report };
      printObjects(report);
    } else {
      objectsOnScratch = true;
      say(`database ${s.database} was never migrated (no knex_migrations, none of the tables): checked on the scratch database (step 3)`);
    }
  } catch (err) {
    outcome.objects = { where: `database ${s.database}`, error: messageOf(err) };
    say(`ERROR ${outcome.objects.error}`);
  }

  step('3. Dialect identity battery: a scratch database against the SQLite demo');
  let scratch: Scratch | undefined;
  try {
    scratch = await createScratch(db, config.db);
    outcome.scratch.name = scratch.name;
    cleanups.push(async () => {
      try {
        await scratch!.drop();
        say(`dropped ${scratch!.name}`);
      } catch (err) {
        outcome.scratch.dropError = messageOf(err);
        say(`could not drop ${scratch!.name}: ${outcome.scratch.dropError} (drop it by hand)`);
      }
    });
    say(`created ${scratch.name}`);
  } catch (err) {
    outcome.scratch.skipped = `create database was refused: ${messageOf(err)} (the login needs CREATE DATABASE, or CREATE ANY DATABASE)`;
    say(`SKIPPED: ${outcome.scratch.skipped}`);
    if (objectsOnScratch)
      outcome.objects = { where: 'nowhere', note: `database ${s.database} was never migrated and no scratch database could be created` };
  }

  if (scratch) {
    try {
      await scratchSteps(scratch, expected, objectsOnScratch, outcome);
    } catch (err) {
      outcome.scratch.error = messageOf(err);
      say(`ERROR ${outcome.scratch.error}`);
    }
  }
  await cleanUp();
  // Stopped by a signal: its handler exits once the clean-up is done; a summary would mislead.
  if (interrupted) return new Promise<number>(() => {});
  return printSummary(outcome, config.db);
}

/** Step 3 on the scratch database (and step 2 too, when the configured database was never migrated). */
async function scratchSteps(scratch: Scratch, expected: ExpectedObject[], objectsOnScratch: boolean, outcome: Outcome): Promise<void> {
  say('migrating and seeding it, and a SQLite demo file');
  // Each knex is closed by the clean-up from its creation on: an open session keeps the scratch
  // database from being dropped.
  const target = createDb({ ...scratch.config, migrate: false }, QUIET);
  cleanups.push(() => target.destroy());
  await target.migrate.latest();
  await target.seed.run();
  const reference = sqliteReference();
  cleanups.push(() => reference.remove());
  await reference.db.migrate.latest();
  await reference.db.seed.run();
  if (objectsOnScratch) {
    const report = await checkObjects(target, expected);
    outcome.objects = { where: `scratch database ${scratch.name}`, report };
    printObjects(report);
  }

  say('battery');
  try {
    const report = await runBattery(reference, { db: target, config: scratch.config });
    outcome.battery = { report };
    say(`  ${report.requests} requests, ${report.differences.length} differences`);
    for (const d of report.differences.slice(0, 5)) say(`  - ${d.name}: ${d.detail}`);
  } catch (err) {
    outcome.battery = { error: messageOf(err) };
    say(`  ERROR ${messageOf(err)}`);
  }
}

function printSummary(o: Outcome, db: DbConfig): number {
  const failures: string[] = [];
  const notes: string[] = [];
  const lines: string[] = [];
  const s = o.server!;
  lines.push(`connection:   ${describeConnection(db)}`);
  lines.push(`server:       ${s.version}`);
  lines.push(`product:      ${s.productVersion}`);
  lines.push(`database:     ${s.database}, collation ${s.collation}, compatibility level ${s.compatibilityLevel}`);
  lines.push('probes (server answer: whose rule):');
  for (const { probe, answer, error, verdict } of o.probes) {
    lines.push(`  ${probe.rule}: ${error ? `ERROR ${mask(error).split('\n')[0]}` : formatAnswer(answer!)} (${verdict})`);
  }

  const obj = o.objects;
  if (!obj) {
    lines.push('objects:      not checked');
  } else if (obj.error) {
    lines.push(`objects:      ERROR on ${obj.where}: ${obj.error}`);
    failures.push('objects could not be checked');
  } else if (obj.note) {
    lines.push(`objects:      not checked: ${obj.note}`);
    notes.push('objects not checked');
  } else if (obj.report) {
    const r = obj.report;
    const missing = r.missing.length ? `MISSING ${r.missing.map(describeObject).join(', ')}` : 'all present';
    lines.push(
      `migrations:   on ${obj.where}: ${r.applied} applied, ${r.pending.length ? `PENDING ${r.pending.join(', ')}` : 'none pending'}`,
    );
    lines.push(`objects:      ${r.expected} expected, ${missing}${r.problems.length ? `; ${r.problems.join('; ')}` : ''}`);
    if (r.missing.length) lines.push(`                (${NOT_VISIBLE})`);
    if (objectsFailed(r)) failures.push('migrations or objects missing');
  }

  if (o.scratch.skipped) {
    lines.push(`battery:      SKIPPED: ${o.scratch.skipped}`);
    notes.push('battery skipped');
  } else if (o.scratch.error) {
    lines.push(`battery:      ERROR on ${o.scratch.name}: ${o.scratch.error}`);
    failures.push('battery could not run');
  }
  const b = o.battery;
  if (b?.error) {
    lines.push(`battery:      ERROR ${b.error}`);
    failures.push('battery could not run');
  } else if (b?.report) {
    const r = b.report;
    lines.push(`battery:      ${r.requests} requests (${r.nonEmpty} with rows), ${r.differences.length} differences from SQLite`);
    for (const d of r.differences.slice(0, 3)) lines.push(`                - ${d.name}: ${d.detail.split('\n')[0]}`);
    if (r.differences.length > 0) failures.push('battery differs');
  }
  if (o.scratch.name)
    lines.push(`scratch:      ${o.scratch.name} ${o.scratch.dropError ? `NOT DROPPED: ${o.scratch.dropError}` : 'created and dropped'}`);

  const result = failures.length ? `FAIL (${failures.join('; ')})` : `PASS${notes.length ? ` (${notes.join('; ')})` : ''}`;
  lines.push(`result:       ${result}`);
  say('\n==== check:mssql summary (paste into the ticket) ====');
  for (const line of lines) say(line);
  say('==== end of summary ====');
  return failures.length ? 1 : 0;
}

main()
  .then((code) => process.exit(code))
  .catch(async (err: unknown) => {
    say(`check:mssql failed: ${err instanceof Error ? mask(err.stack ?? err.message) : String(err)}`);
    await cleanUp();
    process.exit(1);
  });
