import type { Knex } from 'knex';

/**
 * One probe per row of docs/databases.md "Where SQL Server and Babelfish differ": a statement whose
 * answer shows which rule the server follows. The answers are facts to print, never a failure: our
 * SQL must give the same results under either rule, and `ours` says why (from that table).
 */
export interface Probe {
  rule: string;
  sql: string;
  bindings?: readonly string[];
  /** What SQL Server documents, as the probe's columns (absent when it depends on the server's setup). */
  sqlServer?: Record<string, unknown>;
  sqlServerSays: string;
  /** What Babelfish 4.2 answered over TDS. */
  babelfish?: Record<string, unknown>;
  babelfishSays: string;
  ours: string;
}

export interface ProbeResult {
  probe: Probe;
  answer?: Record<string, unknown>;
  error?: string;
  /** Whose rule the answer shows, when both are known and differ (or agree). */
  verdict: string;
}

const BIN2 = 'collate Latin1_General_100_BIN2';

export const PROBES: readonly Probe[] = [
  {
    rule: 'trailing spaces in =',
    sql: `select iif(N'ab ' = N'ab', 1, 0) as pad_eq, iif(N'ab ' = N'ab' ${BIN2}, 1, 0) as pad_eq_bin2`,
    sqlServer: { pad_eq: 1, pad_eq_bin2: 1 },
    sqlServerSays: 'the shorter operand is padded with spaces, in every collation, BIN2 included',
    babelfish: { pad_eq: 1, pad_eq_bin2: 1 },
    babelfishSays: 'trailing spaces ignored: equal too',
    ours: 'no needle is compared with =: contains-filters are LIKE %needle% (routes trim text filters)',
  },
  {
    rule: 'trailing spaces in < (BIN2)',
    sql: `select iif(N'ab' + nchar(1) < N'ab' ${BIN2}, 1, 0) as ab_u0001_lt_ab`,
    sqlServer: { ab_u0001_lt_ab: 1 },
    sqlServerSays: "'ab' is padded to 'ab ' and U+0001 sorts below the space: 1",
    babelfish: { ab_u0001_lt_ab: 0 },
    babelfishSays: 'code points after trimming: 0',
    ours: "no needle is compared with < or >; keyset batches compare a sort column with the cursor row's own column (paging/seek.ts), as ORDER BY does",
  },
  {
    rule: 'trailing spaces in ORDER BY of stored texts',
    sql: `select top 1 case when v = N'ab' then 'ab' else 'ab+U+0001' end as first_sorted
      from (values (N'ab'), (N'ab' + nchar(1))) t(v) order by v ${BIN2}`,
    sqlServer: { first_sorted: 'ab+U+0001' },
    sqlServerSays: "'ab' + U+0001 sorts before 'ab'",
    babelfish: { first_sorted: 'ab' },
    babelfishSays: "'ab' first, as SQLite, PostgreSQL and MariaDB",
    ours: 'not avoided: answers differ only for texts ending in spaces or holding control characters (the demo seed has none); keyset batches compare with the cursor row itself',
  },
  {
    rule: 'LIKE and trailing spaces',
    sql: `select iif(N'ab ' like N'ab', 1, 0) as value_space, iif(N'ab' like N'ab %', 1, 0) as pattern_space`,
    sqlServer: { value_space: 0, pattern_space: 0 },
    sqlServerSays: "Unicode LIKE counts the value's trailing spaces and every pattern character",
    babelfish: { value_space: 1, pattern_space: 0 },
    babelfishSays: "the value's trailing spaces are ignored",
    ours: "every pattern is %needle%: the final % takes whatever follows the needle, and the needle's own spaces must match on both",
  },
  {
    rule: 'LIKE special characters',
    sql: `select iif(N'a%b' like N'%!%%' escape '!', 1, 0) as escape_after_percent, iif(N'a%b' like N'%[%]%', 1, 0) as bracket_class`,
    sqlServer: { escape_after_percent: 1, bracket_class: 1 },
    sqlServerSays: 'both forms match a literal %',
    babelfish: { escape_after_percent: 0, bracket_class: 1 },
    babelfishSays: 'an escape character right after % is ignored',
    ours: 'bracket classes [%] [_] [[], no ESCAPE clause (search/like.ts containsPattern)',
  },
  {
    rule: 'len() and trailing spaces',
    sql: `select len(N'ab  ') as len_, len(N'ab  ' + N'x') - 1 as len_x_minus_1`,
    sqlServer: { len_: 2, len_x_minus_1: 4 },
    sqlServerSays: 'len() leaves trailing spaces out',
    babelfish: { len_: 2, len_x_minus_1: 4 },
    babelfishSays: 'the same',
    ours: 'len() is not used; needles are measured in JS',
  },
  {
    rule: 'datalength()',
    sql: `select datalength(N'支') as datalength_zhi`,
    sqlServer: { datalength_zhi: 2 },
    sqlServerSays: 'UTF-16 bytes: 2 per code unit',
    babelfish: { datalength_zhi: 3 },
    babelfishSays: 'UTF-8 bytes',
    ours: 'datalength() is not used',
  },
  {
    rule: 'code units vs code points',
    sql: `select len(N'😀' ${BIN2}) as len_emoji_bin2`,
    sqlServer: { len_emoji_bin2: 2 },
    sqlServerSays: 'without an _SC collation (BIN2 included) len/substring/_ count UTF-16 code units',
    babelfish: { len_emoji_bin2: 1 },
    babelfishSays: 'code points',
    ours: 'nothing counts characters in SQL: a LIKE pattern is literal characters and %',
  },
  {
    rule: 'collation of a parameter vs a column',
    sql: `select iif(? = N'A', 1, 0) as param_eq_literal, iif(? = c, 1, 0) as param_eq_bin2_column from (select N'A' ${BIN2} as c) t`,
    bindings: ['a', 'a'],
    sqlServerSays:
      "a parameter or literal takes the database default (first column: 1 under a case-insensitive default); against a column the column's collation wins (second: 0)",
    babelfish: { param_eq_literal: 1, param_eq_bin2_column: 0 },
    babelfishSays: 'the same precedence, under its case-insensitive default',
    ours: 'every comparison and LIKE has a Latin1_General_100_BIN2 column on one side',
  },
  {
    rule: 'case-insensitive default collation',
    sql: `select cast(databasepropertyex(db_name(), 'Collation') as nvarchar(128)) as database_collation, iif(N'a' = N'A', 1, 0) as a_eq_upper_a`,
    sqlServerSays:
      'columns without COLLATE, variables and temporary tables take it; usually case-insensitive (SQL_Latin1_General_CP1_CI_AS, Chinese_PRC_CI_AS)',
    babelfish: { database_collation: 'sql_latin1_general_cp1_ci_as', a_eq_upper_a: 1 },
    babelfishSays: 'sql_latin1_general_cp1_ci_as for a new database',
    ours: 'every text column is created Latin1_General_100_BIN2; no temporary tables; ASCII case is folded by translate(), not the collation',
  },
  {
    rule: 'lower() on non-ASCII',
    sql: `select unicode(lower(N'Φ')) as lower_phi, unicode(lower(nchar(65313))) as lower_fullwidth_a`,
    sqlServer: { lower_phi: 966, lower_fullwidth_a: 65345 },
    sqlServerSays: 'folds every letter with a case (Φ→φ U+03C6, Ａ→ａ U+FF41)',
    babelfish: { lower_phi: 966, lower_fullwidth_a: 65345 },
    babelfishSays: 'the same (its lower() result reaches the client as varchar: ? for these)',
    ours: 'translate() of the 26 ASCII letters only (search/like.ts foldAsciiSql)',
  },
  {
    rule: 'U+0000 in nvarchar',
    sql: `select len(N'a' + nchar(0) + N'b') as len_with_nul`,
    sqlServer: { len_with_nul: 3 },
    sqlServerSays: 'nvarchar holds U+0000',
    babelfish: { len_with_nul: null },
    babelfishSays: 'PostgreSQL text cannot hold it (NULL here; a parameter holding it is refused)',
    ours: 'text filters refuse U+0000 (400) and no bound holds it',
  },
];

const same = (a: Record<string, unknown>, b: Record<string, unknown>) => Object.keys(a).every((k) => a[k] === b[k]);

function verdictOf(probe: Probe, answer: Record<string, unknown>): string {
  // Where SQL Server's answer depends on the database's collation, no rule can be told apart.
  if (!probe.sqlServer) return "depends on the database's collation, for the record";
  const asSqlServer = same(probe.sqlServer, answer);
  const asBabelfish = probe.babelfish !== undefined && same(probe.babelfish, answer);
  if (asSqlServer && asBabelfish) return 'SQL Server and Babelfish agree here';
  if (asSqlServer) return "SQL Server's rule";
  if (asBabelfish) return "Babelfish's rule";
  return 'neither documented answer';
}

/** Runs every probe on `db`; a probe the server refuses is a result too. */
export async function runProbes(db: Knex): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  for (const probe of PROBES) {
    try {
      const rows = await db.raw<Record<string, unknown>[]>(probe.sql, [...(probe.bindings ?? [])]);
      const answer = rows[0] ?? {};
      results.push({ probe, answer, verdict: verdictOf(probe, answer) });
    } catch (err) {
      results.push({ probe, error: (err as Error).message, verdict: 'the server refused the probe' });
    }
  }
  return results;
}

/** `a=1, b=0` */
export function formatAnswer(answer: Record<string, unknown>): string {
  return Object.entries(answer)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ');
}
