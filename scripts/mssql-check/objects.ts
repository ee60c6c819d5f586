import type { Knex } from 'knex';
import { migrationFiles, type ExpectedObject, type ObjectKind } from './expected-objects.js';

export interface ObjectsReport {
  /** false: no knex_migrations and none of the expected tables (a database the service never used). */
  migrated: boolean;
  applied: number;
  pending: string[];
  /** Applied by a build that has migrations this one lacks (a newer build): not a failure. */
  unknown: string[];
  expected: number;
  missing: ExpectedObject[];
  problems: string[];
}

/** Every table, index, named constraint, trigger and function of the database, as `kind:name`. */
const OBJECTS_SQL = `
  select 'table' as kind, t.name as name, null as tbl from sys.tables t
  union all select 'index', i.name, t.name from sys.indexes i join sys.tables t on t.object_id = i.object_id where i.name is not null
  union all select 'constraint', o.name, null from sys.objects o where o.type in ('F', 'C', 'PK', 'UQ', 'D')
  union all select 'trigger', tr.name, null from sys.triggers tr
  union all select 'function', o.name, null from sys.objects o where o.type in ('IF', 'FN', 'TF')`;

interface ObjectRow {
  kind: ObjectKind;
  name: string;
  tbl: string | null;
}

/**
 * Babelfish lists an index under its PostgreSQL name: the T-SQL name and the table's, cut to 31
 * characters, then an md5 in hex (index names are per schema there, per table in T-SQL). Cut
 * names can coincide (`…_updated_at_index`, `…_updated_at_desc_index`), so they are counted.
 */
const BABELFISH_INDEX = /^(.{1,31})[0-9a-f]{32}$/;
const babelfishKey = (table: string, nameAndTable: string) => `${table}:${nameAndTable.slice(0, 31)}`;

/** The expected objects `rows` lack. */
function missingFrom(rows: readonly ObjectRow[], expected: readonly ExpectedObject[]): ExpectedObject[] {
  // Object names compare by the catalog's collation, case-insensitive on most servers.
  const present = new Set(rows.map((r) => `${r.kind}:${r.name.toLowerCase()}`));
  const babelfish = new Map<string, number>();
  for (const r of rows) {
    const m = r.kind === 'index' && r.tbl ? BABELFISH_INDEX.exec(r.name.toLowerCase()) : null;
    if (m) babelfish.set(babelfishKey(r.tbl!.toLowerCase(), m[1]!), (babelfish.get(babelfishKey(r.tbl!.toLowerCase(), m[1]!)) ?? 0) + 1);
  }
  return expected.filter((o) => {
    const name = o.name.toLowerCase();
    if (present.has(`${o.kind}:${name}`)) return false;
    if (o.kind !== 'index' || !o.table) return true;
    const key = babelfishKey(o.table.toLowerCase(), name + o.table.toLowerCase());
    const left = babelfish.get(key) ?? 0;
    if (left === 0) return true;
    babelfish.set(key, left - 1);
    return false;
  });
}

/**
 * Is every migration of this build applied, and is every object they create there? Read-only:
 * knex's migrate.list() would create knex_migrations when it is missing.
 */
export async function checkObjects(db: Knex, expected: readonly ExpectedObject[]): Promise<ObjectsReport> {
  const rows = await db.raw<ObjectRow[]>(OBJECTS_SQL);
  const present = new Set(rows.map((r) => `${r.kind}:${r.name.toLowerCase()}`));
  const hasMigrationsTable = present.has('table:knex_migrations');
  const files = migrationFiles();
  const applied = hasMigrationsTable ? (await db<{ name: string }>('knex_migrations').select('name')).map((r) => r.name) : [];
  const done = new Set(applied);
  const missing = missingFrom(rows, expected);
  const tables = expected.filter((o) => o.kind === 'table');
  const anyTable = tables.some((t) => present.has(`table:${t.name.toLowerCase()}`));
  const problems: string[] = [];
  if (!hasMigrationsTable && anyTable)
    problems.push('the tables exist but knex_migrations does not: readiness will answer schema-not-migrated');
  return {
    migrated: hasMigrationsTable || anyTable,
    applied: applied.length,
    pending: files.filter((f) => !done.has(f)),
    unknown: applied.filter((name) => !files.includes(name)),
    expected: expected.length,
    missing,
    problems,
  };
}

export function objectsFailed(r: ObjectsReport): boolean {
  return r.pending.length > 0 || r.missing.length > 0 || r.problems.length > 0;
}
