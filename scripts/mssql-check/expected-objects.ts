import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { MIGRATIONS_DIR } from '../../src/db/knex-config.js';

/** The migration files of this build, by the name knex records in knex_migrations. */
export function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort();
}

export type ObjectKind = 'table' | 'index' | 'constraint' | 'trigger' | 'function';

export interface ExpectedObject {
  kind: ObjectKind;
  name: string;
  /** The table an index or trigger belongs to. */
  table?: string;
}

/**
 * What this build's migrations leave on SQL Server, read from their own code: every migration's
 * `up` runs in order against a knex whose mssql client records each statement instead of sending
 * it, and the creates and drops in that T-SQL are replayed. So the list follows the migrations as
 * they change, and needs no connection. (A migration that read answers would get none: ours don't.)
 */
export async function expectedObjects(): Promise<ExpectedObject[]> {
  const statements: string[] = [];
  const recorder = knexFactory({ client: 'mssql', connection: {} as Knex.MsSqlConnectionConfig });
  const client = recorder.client as {
    acquireConnection(): Promise<object>;
    releaseConnection(): Promise<void>;
    _query(connection: object, query: { sql: string }): Promise<unknown>;
    processResponse(): unknown;
  };
  client.acquireConnection = () => Promise.resolve({});
  client.releaseConnection = () => Promise.resolve();
  client._query = (_connection, query) => {
    statements.push(query.sql);
    return Promise.resolve(query);
  };
  client.processResponse = () => [];
  try {
    for (const file of migrationFiles()) {
      const migration = (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as { up(knex: Knex): Promise<void> };
      await migration.up(recorder);
    }
  } finally {
    await recorder.destroy();
  }
  return replay(statements);
}

const NAME = String.raw`\[?(?:dbo\]?\.\[?)?(\w+)\]?`;
const CREATES: [ObjectKind, RegExp][] = [
  ['table', new RegExp(String.raw`^\s*create\s+table\s+${NAME}`, 'i')],
  ['index', new RegExp(String.raw`^\s*create\s+(?:unique\s+)?(?:(?:non)?clustered\s+)?index\s+${NAME}\s+on\s+${NAME}`, 'i')],
  ['trigger', new RegExp(String.raw`^\s*create\s+trigger\s+${NAME}\s+on\s+${NAME}`, 'i')],
  ['function', new RegExp(String.raw`^\s*create\s+function\s+${NAME}`, 'i')],
];
const DROPS: [ObjectKind, RegExp][] = [
  ['table', new RegExp(String.raw`drop\s+table\s+(?:if\s+exists\s+)?${NAME}`, 'i')],
  ['index', new RegExp(String.raw`drop\s+index\s+(?:if\s+exists\s+)?${NAME}`, 'i')],
  ['trigger', new RegExp(String.raw`drop\s+trigger\s+(?:if\s+exists\s+)?${NAME}`, 'i')],
  ['function', new RegExp(String.raw`drop\s+function\s+(?:if\s+exists\s+)?${NAME}`, 'i')],
];
/** Named constraints: primary keys and unique constraints are indexes on SQL Server too. */
const CONSTRAINT = new RegExp(String.raw`constraint\s+${NAME}\s+(primary\s+key|unique|foreign\s+key|check)`, 'gi');

function replay(statements: string[]): ExpectedObject[] {
  const objects = new Map<string, ExpectedObject>();
  const key = (kind: ObjectKind, name: string) => `${kind}:${name.toLowerCase()}`;
  for (const sql of statements) {
    for (const [kind, re] of DROPS) {
      const m = re.exec(sql);
      if (!m) continue;
      objects.delete(key(kind, m[1]!));
      // A dropped table takes its indexes, constraints and triggers with it.
      if (kind === 'table') for (const [k, o] of objects) if (o.table?.toLowerCase() === m[1]!.toLowerCase()) objects.delete(k);
    }
    for (const [kind, re] of CREATES) {
      const m = re.exec(sql);
      if (m) objects.set(key(kind, m[1]!), { kind, name: m[1]!, ...(m[2] ? { table: m[2] } : {}) });
    }
    const table = /^\s*(?:create|alter)\s+table\s+\[?(?:dbo\]?\.\[?)?(\w+)/i.exec(sql)?.[1];
    for (const m of sql.matchAll(CONSTRAINT))
      objects.set(key('constraint', m[1]!), { kind: 'constraint', name: m[1]!, ...(table ? { table } : {}) });
  }
  return [...objects.values()];
}
