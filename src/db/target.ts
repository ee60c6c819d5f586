import path from 'node:path';
import type { DbConfig } from '../config.js';

const DEFAULT_PORTS: Readonly<Record<string, number>> = { pg: 5432, mysql2: 3306, mssql: 1433 };

/**
 * Which database a configuration names, for people: `pg 127.0.0.1:5432/test (user postgres)`, or
 * the SQLite file's path. Never the password.
 */
export function describeDbTarget(db: DbConfig): string {
  if (db.client === 'better-sqlite3') return `${db.client} ${path.resolve(db.filename)}`;
  let host = db.host;
  let port = db.port;
  let database = db.database;
  let user = db.user;
  if (db.url) {
    const url = new URL(db.url);
    host = url.hostname;
    port = url.port ? Number(url.port) : undefined;
    database = decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined;
    user = url.username ? decodeURIComponent(url.username) : undefined;
  }
  const where = `${host ?? '?'}:${port ?? DEFAULT_PORTS[db.client] ?? '?'}/${database ?? '(default database)'}`;
  return `${db.client} ${where}${user ? ` (user ${user})` : ''}`;
}
