import type { Knex } from 'knex';
import { likeCondition, likeSearch, lowerAscii, whereLike } from './like.js';
import { MSSQL_GRAM_UNITS, mssqlGramColumn, mssqlGramsTable, SEARCHED_COLUMNS, type SearchedTable } from './schema.js';
import { setTexts, type ContainsOptions, type SearchPlan, type SearchScope, type SearchStrategy } from './types.js';

/**
 * SQL Server: contains-filters answered by the gram index (search/schema.ts mssqlGramsTable, built by
 * search/mssql-gram-index.ts; used only when searches.ts found it complete). Each gram is stored with
 * its column and position, so a text holds the needle exactly where grams covering every unit of the
 * needle sit at the needle's offsets in one column: for a needle of a few grams the ids come from the
 * gram index alone, without reading a row (isExact). A longer needle's rarest grams pick
 * candidate ids (a superset), which the same LIKE as like.ts decides. Either way the rows are the
 * plain LIKE's. Which grams are used is chosen per statement from capped counts of each
 * (chooseGrams, installProbe), and kept a while (keepChoices).
 */

/**
 * Needles holding a surrogate go to the LIKE alone: SQL Server cuts texts by UTF-16 code unit and
 * Babelfish by code point, so their grams would differ. So do the one- and two-unit needles that
 * prefixBounds cannot bound.
 */
function indexes(folded: string): boolean {
  // Grams past a text's end hold nchar(1) (SEARCH_PAD): a needle holding one could match the padding.
  if (/[\uD800-\uDFFF]/.test(folded) || [...folded].some((c) => c <= '\u0001')) return false;
  return folded.length >= MSSQL_GRAM_UNITS || prefixBounds(folded) !== undefined;
}

/**
 * `gram > lower and gram < upper` holds every gram that starts with a needle of one or two units:
 * the needle with its last unit - 1 then U+FFFF, and + 1 then U+0001, each as long as a gram. Not
 * `gram >= needle`: SQL Server pads the shorter string with spaces before comparing, so
 * `N'ab' + nchar(1)` sorts below `N'ab'` and texts ending with the needle were lost. A gram starting
 * with the needle differs from both bounds first at the needle's last unit, so padding (SQL Server)
 * or trimming trailing spaces (Babelfish) cannot change the answer.
 * None, so the LIKE alone, for a needle ending in a space (Babelfish would compare the gram `x  ` as
 * `x`; text filters are trimmed, so no request has one), in U+0000 or U+0001 (lower would hold
 * U+0000, which Babelfish's PostgreSQL refuses), U+D7FF or U+E000 (half a surrogate) or U+FFFF.
 */
function prefixBounds(folded: string): { lower: string; upper: string } | undefined {
  const last = folded.charCodeAt(folded.length - 1);
  if (last === 0x20 || last <= 0x01 || last === 0xd7ff || last === 0xe000 || last === 0xffff) return undefined;
  const head = folded.slice(0, -1);
  const fill = MSSQL_GRAM_UNITS - folded.length;
  return {
    lower: head + String.fromCharCode(last - 1) + '\uffff'.repeat(fill),
    upper: head + String.fromCharCode(last + 1) + '\u0001'.repeat(fill),
  };
}

/**
 * How one table's candidates for one needle are found, chosen from capped counts of its grams
 * (probe): neither SQL Server's planner nor Babelfish's has per-gram statistics (a histogram has at
 * most 200 steps, on the leading column), so left to itself it cannot start from the rarest gram.
 * - 'none': a gram of the needle is in no row, so no row contains the needle;
 * - 'grams': the ids having every one of these grams, rarest first; with `cover`, grams at these
 *   offsets of the needle that together hold all its units, rarest first: the ids where they sit
 *   at those offsets in one column, exactly the rows that contain the needle;
 * - 'prefix': a one- or two-unit needle's range seek between prefixBounds;
 * - 'scan': no candidates, the LIKE alone (every gram as frequent as the cap, or the range too long).
 */
export type GramChoice =
  | { kind: 'none' }
  | { kind: 'scan' }
  | { kind: 'grams'; grams: string[]; candidates: number; cover?: { gram: string; at: number }[] }
  | { kind: 'prefix'; lower: string; upper: string; candidates: number };

/**
 * A needle's probe counts at most PROBE_BUDGET rows in all, shared by its targets, each at least
 * MIN_PROBE_CAP: a target reaching its cap is frequent, and a needle whose targets all are is scanned.
 * So a needle of few grams is scanned only when its grams are a large share of a large table (there
 * the scan reads fewer rows than the seeks), one of many grams when each is merely common.
 */
export const PROBE_BUDGET = 200_000;
export const MIN_PROBE_CAP = 20_000;

/** The count at which a target of `folded`'s probe is frequent. */
export function probeCap(folded: string): number {
  const targets = folded.length >= MSSQL_GRAM_UNITS ? needleGrams(folded).length : 1;
  return Math.max(MIN_PROBE_CAP, Math.floor(PROBE_BUDGET / targets));
}

/** Candidates in a needle's rarest gram above which no other gram is intersected with it (chooseGrams). */
export const ONE_GRAM_ABOVE = 10_000;

/** At most this many grams are intersected: a few rare ones already leave few candidates (the LIKE decides anyway). */
const MAX_CHOSEN_GRAMS = 3;

/** Most grams joined by position for an exact answer (a needle of 16–18 units); a longer needle's candidates go to the LIKE. */
export const MAX_COVER_GRAMS = 6;

/**
 * Grams of `folded` that hold every unit of it, rarest first: the needle's rarest gram (the join
 * starts from it), then every third offset from it both ways, and the first and the last.
 * Undefined above MAX_COVER_GRAMS.
 */
function coverOf(folded: string, counted: readonly { gram: string; at: number; n: number }[]): { gram: string; at: number }[] | undefined {
  const last = folded.length - MSSQL_GRAM_UNITS;
  const rarest = [...counted].sort((a, b) => a.n - b.n || a.at - b.at)[0]!;
  const offsets = new Set([rarest.at, 0, last]);
  for (let at = rarest.at - MSSQL_GRAM_UNITS; at > 0; at -= MSSQL_GRAM_UNITS) offsets.add(at);
  for (let at = rarest.at + MSSQL_GRAM_UNITS; at < last; at += MSSQL_GRAM_UNITS) offsets.add(at);
  if (offsets.size > MAX_COVER_GRAMS) return undefined;
  const count = (gram: string) => counted.find((g) => g.gram === gram)!.n;
  return [...offsets]
    .map((at) => ({ gram: folded.slice(at, at + MSSQL_GRAM_UNITS), at }))
    .sort((a, b) => (a.at === rarest.at ? -1 : b.at === rarest.at ? 1 : count(a.gram) - count(b.gram) || a.at - b.at));
}

/** The distinct grams of a needle of at least MSSQL_GRAM_UNITS code units, each with its first position. */
export function needleGrams(folded: string): { gram: string; at: number }[] {
  const seen = new Map<string, number>();
  for (let i = 0; i + MSSQL_GRAM_UNITS <= folded.length; i++) {
    const gram = folded.slice(i, i + MSSQL_GRAM_UNITS);
    if (!seen.has(gram)) seen.set(gram, i);
  }
  return [...seen].map(([gram, at]) => ({ gram, at }));
}

/** What a probe counts for a needle: each distinct gram, or the prefix range of a short one. */
type ProbeTarget = { gram: string } | { lower: string; upper: string };

function probeTargets(folded: string): ProbeTarget[] {
  if (folded.length >= MSSQL_GRAM_UNITS) return needleGrams(folded).map(({ gram }) => ({ gram }));
  return [prefixBounds(folded)!];
}

/**
 * The choice for a needle from its targets' capped counts (probeTargets' order): stop at a zero;
 * else the rarest grams under the cap whose positions in the needle do not overlap (overlapping
 * grams share units, so they narrow little more than one of them), rarest first; else the scan.
 */
export function chooseGrams(folded: string, counts: readonly number[]): GramChoice {
  if (counts.some((n) => n === 0)) return { kind: 'none' };
  if (folded.length < MSSQL_GRAM_UNITS) {
    return counts[0]! < probeCap(folded) ? { kind: 'prefix', ...prefixBounds(folded)!, candidates: counts[0]! } : { kind: 'scan' };
  }
  const counted = needleGrams(folded).map((g, i) => ({ ...g, n: counts[i]! }));
  const ranked = counted.filter((g) => g.n < probeCap(folded)).sort((a, b) => a.n - b.n || a.at - b.at);
  const chosen: typeof ranked = [];
  for (const g of ranked) {
    if (chosen.length === MAX_CHOSEN_GRAMS) break;
    if (chosen.every((c) => Math.abs(c.at - g.at) >= MSSQL_GRAM_UNITS)) chosen.push(g);
  }
  // A needle whose rarest gram is frequent is read from that gram's list alone: a second list as long
  // costs more to intersect than the LIKE checks it spares.
  if (chosen.length > 0 && chosen[0]!.n > ONE_GRAM_ABOVE) chosen.splice(1);
  // Else two when two are under the cap, overlapping if need be: given one gram, Babelfish's planner
  // estimated a large share of the table and walked the sort index instead of collecting the few.
  else for (const g of ranked) if (chosen.length < 2 && !chosen.includes(g)) chosen.push(g);
  if (chosen.length === 0) return { kind: 'scan' };
  const cover = coverOf(folded, counted);
  return { kind: 'grams', grams: chosen.map((g) => g.gram), candidates: chosen[0]!.n, ...(cover ? { cover } : {}) };
}

/** Whether candidateSql gives exactly the ids of the rows containing the needle (no LIKE needed). */
const isExact = (choice: GramChoice): boolean => choice.kind === 'prefix' || (choice.kind === 'grams' && choice.cover !== undefined);

/** Without a probe (a statement compiled outside a run): every gram, in text order, or the range. */
function unprobed(folded: string): GramChoice {
  if (folded.length < MSSQL_GRAM_UNITS) return { kind: 'prefix', ...prefixBounds(folded)!, candidates: Infinity };
  return { kind: 'grams', grams: needleGrams(folded).map((g) => g.gram), candidates: Infinity };
}

/**
 * `select id from <table>_search_grams …` for a choice of 'grams' or 'prefix': the ids of the
 * scope's table whose grams in the scope's columns can hold the needle (every row containing it has
 * all its grams, and with SEARCH_PAD after each text every position starts a gram, so a short
 * needle's range holds all its rows). Exact (the ids of exactly the rows containing the needle,
 * some more than once) for 'prefix' and for 'grams' with a cover (isExact).
 * Every string compared with `gram` is as long as a gram (MSSQL_GRAM_UNITS), so none is padded.
 */
function candidateSql(s: SearchScope, choice: GramChoice): { sql: string; bindings: string[] } {
  const table = s.table as SearchedTable;
  const grams = mssqlGramsTable(table);
  const all = SEARCHED_COLUMNS[table].length === s.columns.length;
  // Numbers of our own columns, not anything a user sent.
  const inColumns = (alias: string) => (all ? '' : ` and ${alias}.col in (${s.columns.map((c) => mssqlGramColumn(table, c)).join(', ')})`);
  if (choice.kind === 'grams' && choice.cover) {
    // From the rarest gram, each other gram of the cover at its offset from it in the same column: a
    // seek of the key (gram, id, col, pos) per row of the rarest.
    const [first, ...rest] = choice.cover;
    const joins = rest.map((g, i) => {
      const d = g.at - first!.at;
      const pos = `g0.pos ${d < 0 ? '-' : '+'} ${Math.abs(d)}`;
      return ` join ${grams} g${i + 1} on g${i + 1}.gram = ? and g${i + 1}.id = g0.id and g${i + 1}.col = g0.col and g${i + 1}.pos = ${pos}`;
    });
    return {
      sql: `select g0.id from ${grams} g0${joins.join('')} where g0.gram = ?${inColumns('g0')}`,
      bindings: [...rest.map((g) => g.gram), first!.gram],
    };
  }
  if (choice.kind === 'grams') {
    const select = `select id from ${grams} g where gram = ?${inColumns('g')}`;
    return { sql: choice.grams.map(() => select).join(' intersect '), bindings: choice.grams };
  }
  if (choice.kind !== 'prefix') throw new Error(`no candidates for a '${choice.kind}' choice`);
  // Bounds as long as the grams: SQL Server pads the shorter side of a comparison with spaces (ANSI).
  return {
    sql: `select id from ${grams} g where gram > ? and gram < ?${inColumns('g')}`,
    bindings: [choice.lower, choice.upper],
  };
}

/** `select <k> as k, count(*) as n …`: one target's capped count, the probe's only SQL. */
function probeSql(k: number, table: SearchedTable, target: ProbeTarget, cap: number): { sql: string; bindings: (string | number)[] } {
  const grams = mssqlGramsTable(table);
  if ('gram' in target) {
    return {
      sql: `select ${k} as k, count(*) as n from (select top (?) 1 as x from ${grams} where gram = ?) p`,
      bindings: [cap, target.gram],
    };
  }
  return {
    sql: `select ${k} as k, count(*) as n from (select top (?) 1 as x from ${grams} where gram > ? and gram < ?) p`,
    bindings: [cap, target.lower, target.upper],
  };
}

/** One table and needle whose choice a condition waits for. */
interface Need {
  table: SearchedTable;
  folded: string;
}

const needKey = (n: Need): string => `${n.table}\u0000${n.folded}`;

/** While set, the needs of conditions compiled without a choice are added here (installProbe). */
let collecting: Need[] | undefined;
/** While set, the choices conditions compile with. */
let chosen: Map<string, GramChoice> | undefined;

/**
 * A condition whose SQL depends on the choices for its needs: compiled with the probe's while the
 * runner compiles the statement (installProbe), else with `unprobed` choices, slower but the same
 * rows. knex may compile a statement's nested conditions afresh each time, so choices are looked up
 * by table and needle, not kept on the condition.
 */
function lazyCondition(
  client: Knex.Client,
  needs: Need[],
  render: (choices: GramChoice[]) => { sql: string; bindings: readonly unknown[] },
): Knex.Raw {
  installProbe(client);
  const raw = client.raw('1 = 1') as Knex.Raw;
  const toSQL: (...args: unknown[]) => Knex.Sql = raw.toSQL.bind(raw);
  raw.toSQL = function (this: Knex.Raw, ...args: unknown[]) {
    const choices = needs.map((n) => chosen?.get(needKey(n)));
    if (collecting && choices.some((c) => !c)) collecting.push(...needs);
    const { sql, bindings } = render(choices.map((c, i) => c ?? unprobed(needs[i]!.folded)));
    Object.assign(this, { sql, bindings });
    return toSQL(...args);
  };
  return raw;
}

/**
 * A choice is kept for its table and needle a while, so that a request's count and page, and the
 * requests that repeat a search, probe once. A kept choice stays right whatever is written since:
 * every row written has its grams (and so is in each gram's list and each range), and a cover or
 * the LIKE decides; at worst it is slower until it expires. Only 'none' could turn wrong (a row written with
 * the missing gram), so it is never kept. Per client: a replica and its primary choose apart.
 */
const CHOICE_KEEP_MS = 30_000;
const CHOICES_KEPT = 1_000;
const keptChoices = new WeakMap<Knex.Client, Map<string, { choice: GramChoice; until: number }>>();

function keptChoice(client: Knex.Client, key: string, now: number): GramChoice | undefined {
  const kept = keptChoices.get(client)?.get(key);
  return kept && kept.until > now ? kept.choice : undefined;
}

function keepChoices(client: Knex.Client, choices: Map<string, GramChoice>, now: number): void {
  let kept = keptChoices.get(client);
  if (!kept) keptChoices.set(client, (kept = new Map<string, { choice: GramChoice; until: number }>()));
  for (const [key, choice] of choices) {
    if (choice.kind === 'none') continue;
    kept.delete(key); // re-inserted last: the Map's order is the order of expiry
    kept.set(key, { choice, until: now + CHOICE_KEEP_MS });
  }
  for (const key of kept.keys()) {
    if (kept.size <= CHOICES_KEPT && kept.get(key)!.until > now) break;
    kept.delete(key);
  }
}

/** Probes under way, by client and need: a request's count and page start at once and share one. */
const probesInFlight = new WeakMap<Knex.Client, Map<string, Promise<GramChoice>>>();

/**
 * The choice for each of `needs`: kept ones as they are, those another statement is probing from
 * its probe, the others from one statement counting their targets (a union all of capped counts),
 * on the connection the statement will run on.
 */
async function probe(client: Knex.Client, connection: object | undefined, needs: Need[]): Promise<Map<string, GramChoice>> {
  const now = performance.now();
  let inFlight = probesInFlight.get(client);
  if (!inFlight) probesInFlight.set(client, (inFlight = new Map<string, Promise<GramChoice>>()));
  const pending = new Map<string, Promise<GramChoice>>();
  const distinct = new Map<string, Need>();
  for (const need of needs) {
    const key = needKey(need);
    if (pending.has(key) || distinct.has(key)) continue;
    const kept = keptChoice(client, key, now);
    const other = inFlight.get(key);
    if (kept) pending.set(key, Promise.resolve(kept));
    // Another statement's probe failing (its connection, its deadline) is no reason for this one to.
    else if (other)
      pending.set(
        key,
        other.catch(() => unprobed(need.folded)),
      );
    else distinct.set(key, need);
  }
  if (distinct.size > 0) {
    const probed = probeStatement(client, connection, [...distinct.values()]);
    for (const key of distinct.keys()) {
      const choice = probed.then((choices) => choices.get(key)!);
      choice.catch(() => undefined); // awaited below; the others recover from it themselves
      inFlight.set(key, choice);
      pending.set(key, choice);
    }
    try {
      keepChoices(client, await probed, now);
    } finally {
      for (const key of distinct.keys()) inFlight.delete(key);
    }
  }
  return new Map(await Promise.all([...pending].map(async ([key, choice]) => [key, await choice] as const)));
}

/** One statement counting every target of `needs` (a union all of capped counts), and the choice for each. */
async function probeStatement(client: Knex.Client, connection: object | undefined, needs: Need[]): Promise<Map<string, GramChoice>> {
  const first = new Map<string, Need & { first: number; targets: number }>();
  const parts: { sql: string; bindings: (string | number)[] }[] = [];
  for (const need of needs) {
    const targets = probeTargets(need.folded);
    first.set(needKey(need), { ...need, first: parts.length, targets: targets.length });
    for (const t of targets) parts.push(probeSql(parts.length, need.table, t, probeCap(need.folded)));
  }
  const raw = client.raw(
    parts.map((p) => p.sql).join(' union all '),
    parts.flatMap((p) => p.bindings),
  ) as Knex.Raw;
  if (connection) (raw as unknown as { _connection: object })._connection = connection;
  const rows = (await raw) as unknown as { k: number; n: number }[];
  const counts: number[] = [];
  for (const r of rows) counts[Number(r.k)] = Number(r.n);
  return new Map([...first].map(([key, n]) => [key, chooseGrams(n.folded, counts.slice(n.first, n.first + n.targets))]));
}

const probing = new WeakSet<object>();

/**
 * Before a statement with gram conditions runs on `client`, their needles are probed (one statement,
 * on the same connection) and the statement is compiled with the choices. knex compiles
 * synchronously, so this wraps the client's runner: the one asynchronous step every statement passes.
 */
function installProbe(client: Knex.Client): void {
  if (probing.has(client)) return;
  probing.add(client);
  type Runner = { run: (this: Runner) => Promise<unknown> };
  type Compiled = { toSQL: () => unknown; _connection?: object };
  const owner = client as unknown as { runner: (this: Knex.Client, builder: Compiled) => Runner };
  const makeRunner = owner.runner;
  owner.runner = function (this: Knex.Client, builder: Compiled) {
    const runner = makeRunner.call(this, builder);
    const run = runner.run;
    runner.run = async function (this: Runner) {
      collecting = [];
      let needs: Need[];
      try {
        builder.toSQL();
      } finally {
        needs = collecting;
        collecting = undefined;
      }
      if (needs.length === 0) return run.call(this);
      chosen = await probe(client, builder._connection, needs);
      let compiled: unknown;
      try {
        compiled = builder.toSQL();
      } finally {
        chosen = undefined;
      }
      // The runner compiles the builder again: this run gets the statement compiled with the choices.
      builder.toSQL = () => compiled;
      try {
        return await run.call(this);
      } finally {
        delete (builder as Partial<Compiled>).toSQL;
      }
    };
    return runner;
  };
}

/**
 * The scope's rows that contain the text, as the probe chooses: `idColumn in (candidates)`, alone
 * where the candidates are exact, else with the LIKE over the scope's columns; the LIKE alone for
 * the scan, a walk, and where the search is driven from its candidates (searchForm 'union' or 'single').
 */
function whereMatch(
  q: Knex.QueryBuilder,
  idColumn: string,
  s: SearchScope,
  text: string,
  needs: Need[],
  driven: (choices: readonly GramChoice[]) => boolean,
  walked: boolean,
): void {
  const index = needs.findIndex((n) => n.table === s.table);
  q.whereRaw(
    lazyCondition(q.client, needs, (choices) => {
      const choice = choices[index]!;
      const like = likeCondition(
        q.client,
        s.columns.map((c) => `${s.table}.${c}`),
        text,
      );
      if (choice.kind === 'none' && !driven(choices)) return { sql: '1 = 0', bindings: [] };
      // A walk reads each row it passes anyway and stops after the page: the LIKE on that row is
      // the cheapest exact test. With `id in (…)` Babelfish hashed every match's id first (~90 ms
      // for 83k), or, sorted by the searched column, looked up each passed row's grams by id.
      if (driven(choices) || choice.kind === 'scan' || walked) return like;
      const c = candidateSql(s, choice);
      if (isExact(choice)) return { sql: `?? in (${c.sql})`, bindings: [idColumn, ...c.bindings] };
      return { sql: `?? in (${c.sql}) and ${like.sql}`, bindings: [idColumn, ...c.bindings, ...like.bindings] };
    }),
  );
}

const TRUE = { sql: '1 = 1', bindings: [] };

/**
 * Most candidates a scope may have for a search to be the union of each scope's matching ids, each
 * candidate looked up by id (searchedIds): a rare needle then reads its few rows, not every row of
 * the listed table with an IN test each (figures: bench/README.md, keyword search on SQL Server).
 * - listed: a scope of the listed table. Above it the lookups cost more than that scan.
 * - throughKey: another table's scope, whose every match stands for all the listed rows with its key
 *   (a part for its pricings), which a page would then walk.
 * Mutable for the tests only, which also run the other form on small data.
 */
export const LOOKUP_LIMITS = { listed: 10_000, throughKey: 1_000 };

/**
 * How a contains-filter is written, from its scopes' choices:
 * - 'union': every scope's needle is in no row or has at most its limit of candidates
 *   (LOOKUP_LIMITS): `listedId in (<each scope's matching ids> union all …)` (searchedIds);
 * - 'single': only another table's scope can match, and the statement is not a walk of the sort
 *   index: `key in (<its matching ids>)`, ANDed, which Babelfish joins through the key's index;
 *   OR-ed with the other scopes' `1 = 0` it stayed a subplan tested on every listed row. A walk
 *   keeps the OR-ed form, which it tests row by row as it goes;
 * - 'or': each scope's own condition, OR-ed.
 */
type SearchForm = 'union' | 'single' | 'or';

function searchForm(
  choices: readonly GramChoice[],
  scopes: readonly SearchScope[],
  listedId: string,
  plan: SearchPlan | undefined,
): SearchForm {
  const live = choices.flatMap((c, i) => (c.kind === 'none' ? [] : [i]));
  const fewCandidates = live.every((i) => {
    const c = choices[i]!;
    const limit = scopes[i]!.key === listedId ? LOOKUP_LIMITS.listed : LOOKUP_LIMITS.throughKey;
    return c.kind !== 'scan' && c.kind !== 'none' && c.candidates <= limit;
  });
  if (fewCandidates) return 'union';
  if (plan !== 'walk' && live.length === 1 && scopes[live[0]!]!.key !== listedId) return 'single';
  return 'or';
}

/**
 * `listedId in (<own candidates> union all <listed ids whose key is a candidate of the other
 * table>)`: every scope's gram candidates as one id set of the listed table, a superset of the
 * matches, ANDed to the exact condition, for the 'collect' plan (a rare needle, by the count).
 * Without it PostgreSQL (Babelfish) sees only OR-ed hashed subplans, estimates half the table, and
 * walks the sort index past every row; one IN over a union it plans as a semi-join that collects
 * the candidates. Frequent needles are walked faster, and counted faster without it, so counts and
 * walks leave it out (bench/README.md, "walk or collect by the count" on SQL Server).
 */
function whereCandidateGate(qb: Knex.QueryBuilder, listedId: string, scopes: readonly SearchScope[], folded: string): void {
  const [listedTable] = listedId.split('.');
  const needs = scopes.map((s) => ({ table: s.table as SearchedTable, folded }));
  qb.whereRaw(
    lazyCondition(qb.client, needs, (choices) => {
      // A scope scanned has no candidates to gather: no gate (it is only a superset anyway); a
      // search driven by its candidates is its own gate.
      if (choices.some((c) => c.kind === 'scan') || searchForm(choices, scopes, listedId, 'collect') !== 'or') return TRUE;
      const parts: string[] = [];
      const bindings: unknown[] = [listedId];
      scopes.forEach((s, i) => {
        if (choices[i]!.kind === 'none') return;
        const c = candidateSql(s, choices[i]!);
        if (s.key === listedId) parts.push(`select id from (${c.sql}) as gate_${i}`);
        else parts.push(`select gate_${i}.id from ${listedTable} as gate_${i} where gate_${i}.${s.key.split('.')[1]} in (${c.sql})`);
        bindings.push(...c.bindings);
      });
      return parts.length === 0 ? { sql: '1 = 0', bindings: [] } : { sql: `?? in (${parts.join(' union all ')})`, bindings };
    }),
  );
}

/**
 * `key in (ids of the scope's table that contain the text)`, for a table other than the listed one:
 * the exact candidates, or the candidates each looked up by id with the LIKE as its residual (a TOP (1) apply, which
 * neither Babelfish nor SQL Server turns into a join the other way round). As `id in (candidates)
 * and LIKE`, Babelfish hashed the candidates and ran the LIKE over every row of the table instead,
 * once per parallel worker. A prefix range can list an id more than once: those are looked up once.
 */
function otherTableMatch(client: Knex.Client, s: SearchScope, text: string, choice: GramChoice): { sql: string; bindings: unknown[] } {
  // No row can match. As a subquery, not `1 = 0`: Babelfish then estimates the listed table's other
  // conditions as before, and walks the sort index for a frequent needle there rather than collect.
  if (choice.kind === 'none') return { sql: `?? in (select id from ${s.table} where 1 = 0)`, bindings: [s.key] };
  const ids = matchingIds(client, s, text, choice);
  return { sql: `?? in (${ids.sql})`, bindings: [s.key, ...ids.bindings] };
}

/**
 * The ids of the scope's table whose columns contain the text: the exact candidates, each candidate
 * looked up by id, or the scan ('none' is the caller's).
 */
function matchingIds(client: Knex.Client, s: SearchScope, text: string, choice: GramChoice): { sql: string; bindings: unknown[] } {
  const like = client.queryBuilder().from(s.table);
  whereLike(
    like,
    s.columns.map((c) => `${s.table}.${c}`),
    text,
  );
  if (choice.kind === 'scan') {
    const scan = like.select(`${s.table}.id`).toSQL();
    return { sql: scan.sql, bindings: [...scan.bindings] };
  }
  const candidates = candidateSql(s, choice);
  if (isExact(choice)) return { sql: `select ids.id from (${candidates.sql}) as ids`, bindings: candidates.bindings };
  const lookup = like
    .select(client.raw('1 as x'))
    .whereRaw('?? = ??', [`${s.table}.id`, 'candidate.id'])
    .limit(1)
    .toSQL();
  // A gram can sit in a text more than once: each id looked up once.
  return {
    sql: `select candidate.id from (select distinct id from (${candidates.sql}) as ids) as candidate cross apply (${lookup.sql}) as matched`,
    bindings: [...candidates.bindings, ...lookup.bindings],
  };
}

/**
 * `listedId in (<each scope's matching ids, as ids of the listed table>)`, for a search driven by
 * its candidates (searchForm 'union'): the listed table's own scope as its matching ids, another
 * table's as the listed rows whose key is one of its matching ids (by the key's index).
 */
function searchedIds(
  client: Knex.Client,
  listedId: string,
  scopes: readonly SearchScope[],
  text: string,
  choices: readonly GramChoice[],
): { sql: string; bindings: unknown[] } {
  const ids = listedMatches(client, listedId, scopes, text, choices);
  return ids ? { sql: `?? in (${ids.sql})`, bindings: [listedId, ...ids.bindings] } : { sql: '1 = 0', bindings: [] };
}

/** The listed ids each scope matches (`union all`: an id may come more than once); undefined when no scope can match. */
function listedMatches(
  client: Knex.Client,
  listedId: string,
  scopes: readonly SearchScope[],
  text: string,
  choices: readonly GramChoice[],
): { sql: string; bindings: unknown[] } | undefined {
  const [listedTable] = listedId.split('.');
  const parts: string[] = [];
  const bindings: unknown[] = [];
  scopes.forEach((s, i) => {
    if (choices[i]!.kind === 'none') return;
    const ids = matchingIds(client, s, text, choices[i]!);
    if (s.key === listedId) parts.push(ids.sql);
    else parts.push(`select listed_${i}.id from ${listedTable} as listed_${i} where listed_${i}.${s.key.split('.')[1]} in (${ids.sql})`);
    bindings.push(...ids.bindings);
  });
  return parts.length === 0 ? undefined : { sql: parts.join(' union all '), bindings };
}

export const mssqlTrigramSearch: SearchStrategy = {
  /**
   * `id in (exact ids) or key in (<other>'s exact ids)` (or candidates with their LIKEs, for a long
   * needle), whether or not the other table is joined: its grams are keyed by
   * its own id, so it is looked up once, not row by row through the join. When collecting, the
   * candidates' union comes first (whereCandidateGate).
   */
  whereContains(qb: Knex.QueryBuilder, listedId: string, scopes: readonly SearchScope[], text: string, options: ContainsOptions): void {
    const folded = lowerAscii(text);
    // Before the first statement is run: its conditions are built while it compiles.
    installProbe(qb.client);
    if (!indexes(folded)) {
      likeSearch.whereContains(qb, listedId, scopes, text, options);
      return;
    }
    if (options.plan === 'collect') whereCandidateGate(qb, listedId, scopes, folded);
    // Every condition below is rendered from the same choices (lazyCondition): either the search as
    // a whole (searchForm), with each scope's own condition true (the LIKE over the listed table's
    // columns stays: the same rows), or each scope's condition.
    const needs = scopes.map((s) => ({ table: s.table as SearchedTable, folded }));
    const form = (choices: readonly GramChoice[]) => searchForm(choices, scopes, listedId, options.plan);
    const driven = (choices: readonly GramChoice[]) => form(choices) !== 'or';
    qb.whereRaw(
      lazyCondition(qb.client, needs, (choices) => {
        const chosen = form(choices);
        if (chosen === 'union') return searchedIds(qb.client, listedId, scopes, text, choices);
        if (chosen === 'or') return TRUE;
        const i = choices.findIndex((c) => c.kind !== 'none');
        return otherTableMatch(qb.client, scopes[i]!, text, choices[i]!);
      }),
    );
    qb.where((either) => {
      for (const s of scopes) {
        if (s.key === listedId) {
          either.orWhere((own) => whereMatch(own, listedId, s, text, needs, driven, options.plan === 'walk'));
        } else {
          either.orWhereRaw(
            lazyCondition(qb.client, needs, (choices) =>
              driven(choices) ? TRUE : otherTableMatch(qb.client, s, text, choices[needs.findIndex((n) => n.table === s.table)]!),
            ),
          );
        }
      }
    });
  },
  /**
   * `select total` of the listed rows whose scopes contain the text. Where every scope's candidates
   * are exact (or none) it is read from the gram index, and through another table's key index: one
   * other table's matches as `count(*) where key in (…)` (each listed row once, no row read), the
   * listed table's own as the distinct count of its matching ids (a text may hold the needle twice,
   * a row match in two scopes). Otherwise the count of the listed rows whereContains finds.
   */
  loneTotal(db: Knex, listedId: string, scopes: readonly SearchScope[], text: string): Knex.QueryBuilder | undefined {
    const folded = lowerAscii(text);
    if (!indexes(folded)) return undefined;
    const client = db.client as Knex.Client;
    installProbe(client);
    const listedTable = listedId.split('.')[0]!;
    const needs = scopes.map((s) => ({ table: s.table as SearchedTable, folded }));
    const counted = lazyCondition(client, needs, (choices) => {
      const live = scopes.flatMap((s, i) => (choices[i]!.kind === 'none' ? [] : [{ s, choice: choices[i]! }]));
      if (live.length === 0) return { sql: '(select 0 as total) as counted', bindings: [] };
      if (live.every(({ choice }) => isExact(choice))) {
        const [only] = live;
        if (live.length === 1 && only!.s.key !== listedId) {
          const ids = matchingIds(client, only!.s, text, only!.choice);
          return {
            sql: `(select count(*) as total from ${listedTable} where ?? in (${ids.sql})) as counted`,
            bindings: [only!.s.key, ...ids.bindings],
          };
        }
        const ids = listedMatches(client, listedId, scopes, text, choices)!;
        return { sql: `(select count(distinct matches.id) as total from (${ids.sql}) as matches) as counted`, bindings: ids.bindings };
      }
      const listed: Knex.QueryBuilder = client.queryBuilder();
      listed.from(listedTable).count({ total: '*' });
      mssqlTrigramSearch.whereContains(listed, listedId, scopes, text, { joined: false });
      const { sql, bindings } = listed.toSQL();
      return { sql: `(${sql}) as counted`, bindings: [...bindings] };
    });
    return db.from(counted).select('counted.total');
  },
  /**
   * Any set contains-filter the grams answer: the count first (SQL Server counts every page
   * anyway), then walk the sort index (frequent needle) or collect the candidates (rare one) by
   * paging/fetch-page.ts prefersWalk.
   */
  planQuestion(searches, filters) {
    return setTexts(searches, filters).some(([, text]) => indexes(lowerAscii(text))) ? 'walk-or-collect' : undefined;
  },
};
