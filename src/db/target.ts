import path from 'node:path';
import type { DbConfig } from '../config.js';
import { dialectFor } from './dialects/index.js';

/**
 * Which database a configuration names, for people: `pg 127.0.0.1:5432/test (user postgres)`, or
 * the SQLite file's path. Never the password.
 */
export function describeDbTarget(db: DbConfig): string {
  const dialect = dialectFor(db.client);
  if (dialect.embedded) return `${db.client} ${path.resolve(db.filename)}`;
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
  const where = `${host ?? '?'}:${port ?? dialect.defaultPort ?? '?'}/${database ?? '(default database)'}`;
  return `${db.client} ${where}${user ? ` (user ${user})` : ''}`;
}
