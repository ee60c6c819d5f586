/**
 * Bulk load for `npm run bench:data` on Babelfish (the SQL Server stand-in), through its PostgreSQL
 * port: COPY into the tables that the project's migrations created over TDS.
 *
 * Why: over TDS Babelfish takes ~750 rows/s with multi-row INSERTs (scale 1 = 8.5M rows: over three
 * hours), and its TDS bulk load (tedious `newBulkLoad`, INSERT BULK) ~2,200 rows/s and fails with the
 * default 4 KB packets. COPY writes the same rows into the same tables at tens of thousands a second.
 *
 * What makes it the same data as over TDS: in multi-db mode the T-SQL database `<db>` is the
 * PostgreSQL schema `<db>_dbo` (read from Babelfish's own catalog), nvarchar/decimal/datetime2 are
 * Babelfish's `sys.` types with text input, and tedious with `useUTC` stores a JS Date as its UTC
 * wall time, which is what is written here. COPY writes the generator's ids into the identity
 * columns (as INSERT … OVERRIDING SYSTEM VALUE); the identity sequences are moved past them after.
 * Real SQL Server has no such port: the TDS path stays for it.
 */
import net from 'node:net';
import { once } from 'node:events';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DemoBatch, DemoTable } from '../src/db/demo-data.js';

/** The tables the load COPYs into. */
export type CopyTable = DemoTable;

export interface BabelfishPgTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  /** The PostgreSQL database Babelfish lives in (`babelfishpg_tsql.database_name`). */
  database: string;
  /** The T-SQL database the migrations ran in. */
  tsqlDatabase: string;
}

/** True when something accepts TCP connections there within `ms`. */
export async function reachable(host: string, port: number, ms = 1000): Promise<boolean> {
  const socket = net.connect({ host, port });
  socket.setTimeout(ms);
  try {
    return await Promise.race([
      once(socket, 'connect').then(() => true),
      once(socket, 'error').then(() => false),
      once(socket, 'timeout').then(() => false),
    ]);
  } finally {
    socket.destroy();
  }
}

/** A value as COPY's text format reads it: `\N` is NULL; backslash, tab, newline and CR escaped. */
function copyText(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  // datetime2(3) columns: the UTC wall time, as tedious sends a Date under useUTC.
  if (v instanceof Date) return v.toISOString().slice(0, 23).replace('T', ' ');
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new RangeError(`copy: ${v} is not a number a column can hold`);
    return String(v);
  }
  return String(v).replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Streams every batch into its table, one COPY (one connection) per table, with backpressure.
 * A table's COPY ends (commits) as soon as the generator has moved past it, parents before children
 * (parts, pricing, then pricing_details), so each statement's foreign-key checks, which PostgreSQL
 * runs when the statement ends, find the parent rows committed.
 */
export async function copyIntoBabelfish(
  target: BabelfishPgTarget,
  batches: Iterable<DemoBatch>,
  onRows: (table: CopyTable, n: number) => void,
): Promise<void> {
  const admin = new pg.Client(clientConfig(target));
  await admin.connect();
  const schema = await dboSchema(admin, target.tsqlDatabase);
  const open = new Map<CopyTable, { client: pg.Client; stream: ReturnType<typeof copyFrom>; done: Promise<unknown> }>();
  const finish = async (table: CopyTable) => {
    const c = open.get(table)!;
    open.delete(table);
    c.stream.end();
    await c.done;
    await c.client.end();
  };
  // pricing and pricing_details arrive interleaved; any other change of table ends what came before.
  const ends: Record<CopyTable, CopyTable[]> = {
    parts: [],
    pricing: ['parts'],
    pricing_details: ['parts'],
    secondary_processes: ['parts', 'pricing', 'pricing_details'],
    exchange_rates: ['parts', 'pricing', 'pricing_details', 'secondary_processes'],
  };
  try {
    for (const batch of batches) {
      if (batch.rows.length === 0) continue;
      for (const t of ends[batch.table]) if (open.has(t)) await finish(t);
      let c = open.get(batch.table);
      if (!c) {
        const client = new pg.Client(clientConfig(target));
        await client.connect();
        const columns = Object.keys(batch.rows[0]!);
        const stream = client.query(copyFrom(`copy ${quote(schema)}.${quote(batch.table)} (${columns.map(quote).join(', ')}) from stdin`));
        const done = new Promise((resolve, reject) => {
          stream.on('finish', resolve);
          stream.on('error', reject);
        });
        done.catch(() => undefined); // observed by finish(); a failure also surfaces at the next write
        c = { client, stream, done };
        open.set(batch.table, c);
      }
      const columns = Object.keys(batch.rows[0]!);
      const text = (batch.rows as Record<string, unknown>[])
        .map((row) => columns.map((col) => copyText(row[col])).join('\t') + '\n')
        .join('');
      if (!c.stream.write(text)) await Promise.race([once(c.stream, 'drain'), c.done]);
      onRows(batch.table, batch.rows.length);
    }
    // Parents first: pricing before pricing_details.
    for (const t of ['parts', 'pricing', 'pricing_details', 'secondary_processes'] as const) if (open.has(t)) await finish(t);

    // Later inserts over TDS continue after the loaded ids (what SET IDENTITY_INSERT leaves behind).
    for (const table of ['parts', 'pricing', 'pricing_details', 'secondary_processes']) {
      const qualified = `${quote(schema)}.${quote(table)}`;
      await admin.query(`select setval(pg_get_serial_sequence($1, 'id'), coalesce(max(id), 1), max(id) is not null) from ${qualified}`, [
        qualified,
      ]);
    }
  } finally {
    for (const c of open.values()) c.client.end().catch(() => undefined);
    await admin.end();
  }
}

/**
 * What the TDS path gets from the server's own statistics maintenance: VACUUM sets the visibility
 * map (index-only scans), ANALYZE the planner's statistics, as after the pg load.
 */
export async function vacuumAnalyzeBabelfish(target: BabelfishPgTarget): Promise<void> {
  const client = new pg.Client(clientConfig(target));
  await client.connect();
  try {
    const schema = await dboSchema(client, target.tsqlDatabase);
    for (const table of ['parts', 'pricing', 'pricing_details', 'secondary_processes']) {
      await client.query(`vacuum analyze ${quote(schema)}.${quote(table)}`);
    }
  } finally {
    await client.end();
  }
}

function clientConfig(t: BabelfishPgTarget): pg.ClientConfig {
  return { host: t.host, port: t.port, user: t.user, password: t.password, database: t.database, application_name: 'bench-data' };
}

/** The PostgreSQL schema of `<db>.dbo`: `<db>_dbo` in multi-db mode, `dbo` in single-db mode. */
async function dboSchema(client: pg.Client, tsqlDatabase: string): Promise<string> {
  const { rows } = await client.query<{ nspname: string }>(
    `select n.nspname from sys.babelfish_namespace_ext n join sys.babelfish_sysdatabases d on d.dbid = n.dbid
      where lower(d.name) = lower($1) and n.orig_name = 'dbo'`,
    [tsqlDatabase],
  );
  if (rows.length !== 1) throw new Error(`babelfish: no dbo schema found for database ${tsqlDatabase}`);
  return rows[0]!.nspname;
}
