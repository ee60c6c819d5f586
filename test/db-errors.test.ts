import os from 'node:os';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import pg from 'pg';
import { classifyDbError, dbErrorMessage, describeDbError, QueryTimeoutError, type DbCause, type DbFailure } from '../src/db/errors.js';

// Imported here, not statically: reading tedious' lazy exports inside a describe() under tsx
// evaluated this file a second time, nested in that describe.
const tedious = await import('tedious');

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

/**
 * Connection-level errors of the four drivers: every one is 503 with a cause for the log and the
 * readiness probe. Real driver classes where they can be built offline (pg, tedious,
 * better-sqlite3), else the shapes the drivers gave against the live servers (mysql2, Node sockets).
 */
describe('describeDbError: connection-level errors and their causes', () => {
  const sys = (code: string, message: string) => Object.assign(new Error(message), { code, errno: -1, syscall: 'connect' });
  const pgError = (code: string, message: string) =>
    Object.assign(new pg.DatabaseError(message, 100, 'error'), { code, severity: 'FATAL' });
  const mysqlError = (code: string, errno: number, sqlState: string, message: string) =>
    Object.assign(new Error(message), { code, errno, sqlState, sqlMessage: message, fatal: true });
  const tls = (code: string, message: string) => Object.assign(new Error(message), { code });

  const cases: [string, unknown, DbFailure, DbCause][] = [
    // Node's sockets and DNS (pg and mysql2 pass them on as they are).
    ['host unknown', sys('ENOTFOUND', 'getaddrinfo ENOTFOUND db.example'), 'unavailable', 'host-unknown'],
    ['DNS did not answer', sys('EAI_AGAIN', 'getaddrinfo EAI_AGAIN db.example'), 'unavailable', 'host-unknown'],
    ['connection refused', sys('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.5:5432'), 'unavailable', 'connection-refused'],
    ['connection reset', sys('ECONNRESET', 'read ECONNRESET'), 'unavailable', 'connection-reset'],
    ['broken pipe', sys('EPIPE', 'write EPIPE'), 'unavailable', 'connection-reset'],
    ['connect timed out', sys('ETIMEDOUT', 'connect ETIMEDOUT 10.0.0.5:3306'), 'unavailable', 'connect-timeout'],
    ['host unreachable', sys('EHOSTUNREACH', 'connect EHOSTUNREACH 10.0.0.5:5432'), 'unavailable', 'host-unreachable'],
    ['network unreachable', sys('ENETUNREACH', 'connect ENETUNREACH 10.0.0.5:5432'), 'unavailable', 'host-unreachable'],
    ['a self-signed certificate', tls('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'), 'unavailable', 'tls'],
    [
      'a certificate for another name',
      tls('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames"),
      'unavailable',
      'tls',
    ],
    ['an unknown CA', tls('UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unable to verify the first certificate'), 'unavailable', 'tls'],
    ['TLS to a plain port', tls('ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number'), 'unavailable', 'tls'],
    // pg
    ['pg: no such role (28000)', pgError('28000', 'role "nobody" does not exist'), 'unavailable', 'login-failed'],
    ['pg: wrong password (28P01)', pgError('28P01', 'password authentication failed for user "pricing"'), 'unavailable', 'login-failed'],
    [
      'pg: pg_hba.conf has no entry (28000; also TLS required by hostssl)',
      pgError('28000', 'no pg_hba.conf entry for host "10.0.0.9", user "pricing", database "pricing", no encryption'),
      'unavailable',
      'login-failed',
    ],
    ['pg: CONNECT revoked (42501 at connect)', pgError('42501', 'permission denied for database "pricing"'), 'unavailable', 'login-failed'],
    ['pg: unknown database (3D000)', pgError('3D000', 'database "nope" does not exist'), 'not-found', 'unknown-database'],
    ['pg: too many connections (53300)', pgError('53300', 'sorry, too many clients already'), 'unavailable', 'too-many-connections'],
    [
      'pg: shutting down (57P01)',
      pgError('57P01', 'terminating connection due to administrator command'),
      'unavailable',
      'server-unavailable',
    ],
    ['pg: starting up (57P03)', pgError('57P03', 'the database system is starting up'), 'unavailable', 'server-unavailable'],
    ['pg: the server has no TLS (sslmode=require)', new Error('The server does not support SSL connections'), 'unavailable', 'tls'],
    ['pg: the TLS handshake failed', new Error('There was an error establishing an SSL connection'), 'unavailable', 'tls'],
    ['pg: connectionTimeoutMillis', new Error('timeout expired'), 'unavailable', 'connect-timeout'],
    ['pg: the server went away', new Error('Connection terminated unexpectedly'), 'unavailable', 'connection-reset'],
    [
      'pg: a client whose connection failed',
      new Error('Client has encountered a connection error and is not queryable'),
      'unavailable',
      'connection-reset',
    ],
    // mysql2 (MySQL / MariaDB)
    [
      'mysql: wrong password (1045)',
      mysqlError('ER_ACCESS_DENIED_ERROR', 1045, '28000', "Access denied for user 'root'@'127.0.0.1' (using password: YES)"),
      'unavailable',
      'login-failed',
    ],
    [
      'mysql: no rights on the database (1044)',
      mysqlError('ER_DBACCESS_DENIED_ERROR', 1044, '42000', "Access denied for user 'pricing'@'%' to database 'pricing'"),
      'unavailable',
      'login-failed',
    ],
    [
      'MariaDB: no such user (1698)',
      mysqlError('ER_ACCESS_DENIED_NO_PASSWORD_ERROR', 1698, '28000', "Access denied for user 'nobody'@'127.0.0.1'"),
      'unavailable',
      'login-failed',
    ],
    [
      'mysql: host not allowed (1130)',
      mysqlError('ER_HOST_NOT_PRIVILEGED', 1130, 'HY000', "Host '10.0.0.9' is not allowed to connect to this MariaDB server"),
      'unavailable',
      'login-failed',
    ],
    [
      'mysql: unknown database (1049)',
      mysqlError('ER_BAD_DB_ERROR', 1049, '42000', "Unknown database 'nope'"),
      'not-found',
      'unknown-database',
    ],
    [
      'mysql: too many connections (1040)',
      mysqlError('ER_CON_COUNT_ERROR', 1040, '08004', 'Too many connections'),
      'unavailable',
      'too-many-connections',
    ],
    [
      'mysql: the login requires TLS (3159)',
      mysqlError('ER_SECURE_TRANSPORT_REQUIRED', 3159, 'HY000', 'Connections using insecure transport are prohibited'),
      'unavailable',
      'tls',
    ],
    [
      'mysql2: TLS asked of a server without it',
      Object.assign(new Error('Server does not support secure connection'), { code: 'HANDSHAKE_NO_SSL_SUPPORT', fatal: true }),
      'unavailable',
      'tls',
    ],
    [
      'mysql2: connection lost',
      Object.assign(new Error('Connection lost: The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true }),
      'unavailable',
      'connection-reset',
    ],
    [
      'mysql2: connectTimeout',
      Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT', errorno: 'ETIMEDOUT', fatal: true }),
      'unavailable',
      'connect-timeout',
    ],
    ['MariaDB: the connection was killed (1927)', new Error('Connection was killed'), 'unavailable', 'connection-reset'],
    // tedious (SQL Server; Babelfish words some messages as PostgreSQL does)
    [
      'SQL Server: login failed (18456)',
      new tedious.ConnectionError("Login failed for user 'pricing'.", 'ELOGIN'),
      'unavailable',
      'login-failed',
    ],
    [
      'Babelfish: login failed',
      new tedious.ConnectionError('Login failed for user "babelfish_user"', 'ELOGIN'),
      'unavailable',
      'login-failed',
    ],
    [
      'SQL Server: cannot open the database (4060)',
      new tedious.ConnectionError('Cannot open database "nope" requested by the login. The login failed.', 'ELOGIN'),
      'not-found',
      'unknown-database',
    ],
    [
      'Babelfish: unknown database',
      new tedious.ConnectionError('database "nope" does not exist', 'ELOGIN'),
      'not-found',
      'unknown-database',
    ],
    [
      'SQL Server: the server requires TLS, DB_ENCRYPT=false',
      new tedious.ConnectionError("Server requires encryption, set 'encrypt' config option to true.", 'EENCRYPT'),
      'unavailable',
      'tls',
    ],
    [
      'tedious: host unknown (ESOCKET around ENOTFOUND)',
      new tedious.ConnectionError('Failed to connect to nohost:1433 - getaddrinfo ENOTFOUND nohost', 'ESOCKET', {
        cause: sys('ENOTFOUND', 'getaddrinfo ENOTFOUND nohost'),
      }),
      'unavailable',
      'host-unknown',
    ],
    [
      'tedious: refused on every address (ESOCKET around an AggregateError)',
      new tedious.ConnectionError('Failed to connect to 127.0.0.1:1 - Could not connect (sequence)', 'ESOCKET', {
        cause: new AggregateError([sys('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1')], 'Could not connect (sequence)'),
      }),
      'unavailable',
      'connection-refused',
    ],
    [
      'tedious: a certificate the client does not trust',
      new tedious.ConnectionError('Failed to connect to sql:1433 - self-signed certificate', 'ESOCKET', {
        cause: tls('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'),
      }),
      'unavailable',
      'tls',
    ],
    [
      'tedious: connection lost',
      new tedious.ConnectionError('Connection lost - socket hang up', 'ESOCKET', { cause: tls('ECONNRESET', 'socket hang up') }),
      'unavailable',
      'connection-reset',
    ],
    [
      'tedious: ESOCKET with nothing inside',
      new tedious.ConnectionError('Failed to connect to sql:1433', 'ESOCKET'),
      'unavailable',
      'connection-refused',
    ],
    [
      'tedious: login timed out',
      new tedious.ConnectionError('Failed to connect to sql:1433 in 5000ms', 'ETIMEOUT'),
      'unavailable',
      'connect-timeout',
    ],
    [
      'tedious: the instance lookup failed',
      new tedious.ConnectionError('Port for SQL2019 not found in sql', 'EINSTLOOKUP'),
      'unavailable',
      'host-unknown',
    ],
    [
      'SQL Server: a server number kept by the driver (18456)',
      Object.assign(new Error('Login failed'), { number: 18456 }),
      'unavailable',
      'login-failed',
    ],
    [
      'SQL Server: 4060 kept by the driver',
      Object.assign(new Error('Cannot open database'), { number: 4060 }),
      'not-found',
      'unknown-database',
    ],
    // knex's pool
    [
      'knex: no connection within DB_ACQUIRE_TIMEOUT_MS',
      Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' }),
      'unavailable',
      'pool-timeout',
    ],
    // better-sqlite3
    [
      'SQLite: a file that cannot be opened',
      new Database.SqliteError('unable to open database file', 'SQLITE_CANTOPEN'),
      'unavailable',
      'cannot-open',
    ],
    [
      'SQLite: an extended code',
      new Database.SqliteError('unable to open database file', 'SQLITE_CANTOPEN_ISDIR'),
      'unavailable',
      'cannot-open',
    ],
    ['SQLite: not a database', new Database.SqliteError('file is not a database', 'SQLITE_NOTADB'), 'unavailable', 'cannot-open'],
    ['SQLite: busy', new Database.SqliteError('database is locked', 'SQLITE_BUSY'), 'unavailable', 'database-busy'],
  ];
  for (const [name, err, failure, cause] of cases) {
    it(`${name}: ${failure}, ${cause}`, () => {
      expect(describeDbError(err)).to.deep.equal({ failure, cause });
      expect(classifyDbError(err)).to.equal(failure);
    });
  }

  it('better-sqlite3 opening a directory really is SQLITE_CANTOPEN', () => {
    let thrown: unknown;
    try {
      new Database(os.tmpdir());
    } catch (err) {
      thrown = err;
    }
    expect(describeDbError(thrown)).to.deep.equal({ failure: 'unavailable', cause: 'cannot-open' });
  });

  it('time-outs and query errors have no connection cause', () => {
    expect(describeDbError(new QueryTimeoutError(1000))).to.deep.equal({ failure: 'timeout' });
    expect(describeDbError(pgError('57014', 'canceling statement due to user request'))).to.deep.equal({ failure: 'timeout' });
    expect(describeDbError(new tedious.RequestError('Timeout: Request failed to complete in 15000ms', 'ETIMEOUT'))).to.deep.equal({
      failure: 'timeout',
    });
    expect(describeDbError(pgError('42501', 'permission denied for table pricing'))).to.equal(undefined);
    expect(describeDbError(pgError('42703', 'column "nope" does not exist'))).to.equal(undefined);
    expect(describeDbError(new tedious.RequestError("Invalid column name 'x'.", 'EREQUEST'))).to.equal(undefined);
    expect(describeDbError(mysqlError('ER_PARSE_ERROR', 1064, '42000', 'You have an error in your SQL syntax'))).to.equal(undefined);
    expect(describeDbError(Object.assign(new Error('odd'), { code: 'constructor' }))).to.equal(undefined);
  });
});

describe('dbErrorMessage: no credentials of a connection string reach the log', () => {
  it('masks the password of a URL and of key=value strings, keeps the rest', () => {
    expect(dbErrorMessage(new Error('cannot reach postgres://nobody:s3cr%40t@db:5432/pricing'))).to.equal(
      'cannot reach postgres://nobody:***@db:5432/pricing',
    );
    expect(dbErrorMessage(new Error('bad mssql://sa:Pa55word!@sql/pricing and mysql://u:p@h/d'))).to.equal(
      'bad mssql://sa:***@sql/pricing and mysql://u:***@h/d',
    );
    expect(dbErrorMessage(new Error('Server=sql;User Id=sa;Password=Pa55word!;Database=x'))).to.equal(
      'Server=sql;User Id=sa;Password=***;Database=x',
    );
    expect(dbErrorMessage(new Error('role "nobody" does not exist'))).to.equal('role "nobody" does not exist');
    expect(dbErrorMessage('a plain string')).to.equal('a plain string');
  });
});
