import { expect } from 'chai';
import { classifyDbError, QueryTimeoutError } from '../src/db/errors.js';

/** Driver errors as the drivers word them (shapes copied from pg, mysql2, better-sqlite3 via knex and tedious). */
describe('classifyDbError: the failures added for database trouble', () => {
  const cases: [string, unknown, ReturnType<typeof classifyDbError>][] = [
    [
      'knex on pg when the cancel cannot reach the server',
      Object.assign(new Error('After query timeout of 2000ms exceeded, cancelling of query failed.'), { code: undefined }),
      'timeout',
    ],
    ['our own bound on a query that never answers', new QueryTimeoutError(2500), 'timeout'],
    ['pg: the database does not exist', Object.assign(new Error('database "nope" does not exist'), { code: '3D000' }), 'not-found'],
    ['mysql: unknown database', Object.assign(new Error("Unknown database 'nope'"), { code: 'ER_BAD_DB_ERROR' }), 'not-found'],
    [
      'tedious: cannot open the database of the login',
      Object.assign(new Error('Cannot open database "nope" requested by the login. The login failed.'), { code: 'ELOGIN' }),
      'not-found',
    ],
    [
      'tedious: a wrong password stays unavailable',
      Object.assign(new Error("Login failed for user 'x'."), { code: 'ELOGIN' }),
      'unavailable',
    ],
    [
      'pg: a table is missing',
      Object.assign(new Error('select * from "pricing" - relation "pricing" does not exist'), { code: '42P01' }),
      'schema-missing',
    ],
    [
      'mysql: a table is missing',
      Object.assign(new Error("Table 'x.pricing' doesn't exist"), { code: 'ER_NO_SUCH_TABLE' }),
      'schema-missing',
    ],
    [
      'SQLite through knex',
      Object.assign(new Error('select count(*) from `pricing` - no such table: pricing'), { code: 'SQLITE_ERROR' }),
      'schema-missing',
    ],
    ['SQL Server: invalid object name', Object.assign(new Error("Invalid object name 'pricing'."), { number: 208 }), 'schema-missing'],
    ['a bug in our SQL stays a 500', Object.assign(new Error('select nope - no such column: nope'), { code: 'SQLITE_ERROR' }), undefined],
  ];
  for (const [name, err, expected] of cases) {
    it(`${name}: ${String(expected)}`, () => expect(classifyDbError(err)).to.equal(expected));
  }
});
