import type { Knex } from 'knex';
import type { DialectExact } from '../../db/dialects/dialect.js';
import { dialectOf } from '../../db/dialects/index.js';

/**
 * A pricing row's previous approved price and its change rate (docs/api.md, the pricing query):
 * the unit price of the same part's latest `approved` pricing in the same currency before this one
 * (priced_at, then id on a tie; any supplier): prices in two currencies are not compared. And (unitPrice − previous) / previous rounded to 4 places, half away from
 * zero; both null where there is none or its price is 0. Also that pricing's number (null only
 * where there is none), so a reader of the rate can name what it compares with.
 *
 * The rate is computed in SQL, so that filters and sorts and the row's own value are one
 * computation: in whole ten-thousandths (`exact` of the dialect), where the quotient and its
 * rounding are exact on every database, and read as that number / 10000 (values.ts 'rate'). Each
 * row seeks its previous pricing on pricing_previous_approved_index (status, part_id, currency,
 * priced_at, id, unit_price, with pricing_no): `status = 'approved' and part_id = ? and currency = ?
 * and priced_at <= ?` is its range, read backwards, and the index holds every column the seeks read (the number's too, in its
 * own seek where each value is a subquery, for the rows returned only). Where a statement reads
 * every row of whole statuses (a count, an order by the rate), SQL Server computes the previous
 * prices in one ordered pass instead (previousApprovedInOnePass).
 */

/** Where the database joins the previous pricing (lateral, apply): the name its columns go by. */
const PREVIOUS = 'previous_approved';

export interface PricingChangeSql {
  /** Joined after the FROM's other tables, where the database joins the previous row (else none). */
  join?: string;
  /** previousApprovedPrice: its unit price, null when there is none or it is 0. */
  price: string;
  /** previousApprovedPricingNo: its pricing number, null when there is none. */
  number: string;
  /** changeRate in whole ten-thousandths (an integer), null with the price. */
  rateUnits: string;
  /** True exactly where rateUnits is null, without computing it: where the previous price is a joined column. */
  rateIsNull?: string;
  /**
   * `rate (op) bound` without the division, for a filter: one `?` (20000 + 2k ± 1, k in whole
   * ten-thousandths) in the SQL, bound twice by the caller (whereChangeRate).
   */
  rateBound: (operator: '>=' | '>' | '<=' | '<') => string;
}

const cache = new WeakMap<Knex.Client, PricingChangeSql>();

/** The SQL of both values for rows of `pricing` (the table itself, unaliased), in the database's own form. */
export function pricingChangeSql(client: Knex.Client): PricingChangeSql {
  let sql = cache.get(client);
  if (!sql) cache.set(client, (sql = build(client)));
  return sql;
}

function build(client: Knex.Client): PricingChangeSql {
  const { priorRow, exact } = dialectOf(client);
  const id = (name: string) => (client.raw('??', [name]) as Knex.Raw).toQuery();
  const price = id('pricing.unit_price');
  // The latest approved pricing of the same part before this one.
  const previous = (select: string) =>
    whereApprovedBefore(client.queryBuilder().from({ q: 'pricing' }).select(client.raw(select)))
      .orderBy('q.priced_at', 'desc')
      .orderBy('q.id', 'desc')
      .limit(1)
      .toQuery();
  if (priorRow === 'scalar') {
    // One subquery per value; each is one seek of the index (the number's, then one row read).
    const base = id('q.unit_price');
    return {
      price: `(${previous(`nullif(${base}, 0)`)})`,
      number: `(${previous(id('q.pricing_no'))})`,
      rateUnits: `(${previous(rateUnitsSql(exact, price, base))})`,
      // The marker becomes the placeholder only after knex has bound the subquery's own values.
      rateBound: (operator) =>
        `(${previous(`case when ${rateBoundSql(exact, price, base, operator, BOUND_MARKER)} then 1 else 0 end`)}) = 1`.replaceAll(
          BOUND_MARKER,
          '?',
        ),
    };
  }
  const row = previous(`${id('q.unit_price')}, ${id('q.pricing_no')}`);
  const join =
    priorRow === 'lateral'
      ? `left join lateral (${row}) as ${id(PREVIOUS)} on true`
      : // T-SQL: TOP with ORDER BY is what allows ORDER BY in a derived table, and picks by it;
        // OUTER APPLY keeps the rows for which it returns nothing, with NULLs.
        `outer apply (${row}) as ${id(PREVIOUS)}`;
  const base = id(`${PREVIOUS}.unit_price`);
  return {
    join,
    price: `nullif(${base}, 0)`,
    number: id(`${PREVIOUS}.pricing_no`),
    rateUnits: rateUnitsSql(exact, price, base),
    rateIsNull: `(${base} is null or ${base} = 0)`,
    rateBound: (operator) => rateBoundSql(exact, price, base, operator),
  };
}

const FLIPPED = { '>=': '<=', '>': '<', '<=': '>=', '<': '>' } as const;

/** Stands for the bound's `?` while knex compiles the subquery around it (no identifier or text of ours looks like it). */
const BOUND_MARKER = '__rate_bound__';

/**
 * x (op) c / 2 for x = N / B, N = (A − B) × 10000: as 2N (op) cB, multiplied out by B's sign (the
 * operator turns round for B < 0), so the filter divides nothing; false where B is 0 (no rate).
 * 2N (op) cB is 20000·A (op) (20000 + c)·B, which scales: the prices themselves where the
 * database's decimals multiply exactly (the dialect's `scaled`), else their units. `?` is 20000 + c.
 */
function rateBoundSql(exact: DialectExact, price: string, base: string, operator: '>=' | '>' | '<=' | '<', bound = '?'): string {
  const [a, b] = [exact.scaled(price), exact.scaled(base)];
  return `((${b} > 0 and 20000 * ${a} ${operator} ${bound} * ${b}) or (${b} < 0 and 20000 * ${a} ${FLIPPED[operator]} ${bound} * ${b}))`;
}

/**
 * round((price − base) / base × 10000), half away from zero, as SQL over whole ten-thousandths A
 * and B: with N = (A − B) × 10000, sign(N) × sign(B) × floor((2|N| + |B|) / (2|B|)). Null when B is 0.
 * The quotient is unchanged when A and B are scaled alike, so exact decimals take the prices
 * themselves (the dialect's `scaled`), with no conversion per row.
 */
function rateUnitsSql(exact: DialectExact, price: string, base: string): string {
  const [a, b] = [exact.scaled(price), exact.scaled(base)];
  const n = `((${a} - ${b}) * 10000)`;
  return `case when ${b} = 0 then null else sign(${n}) * sign(${b}) * ${exact.quotient(`2 * abs(${n}) + abs(${b})`, `2 * abs(${b})`)} end`;
}

/**
 * `q` (pricing as q) is an approved pricing of the same part in the same currency as `pricing` and
 * comes before it: priced earlier, or at the same instant with a lower id. `priced_at <=` bounds the
 * index range; the OR then leaves out `pricing` itself and later rows at the same instant.
 */
export function whereApprovedBefore(qb: Knex.QueryBuilder, options: { anyCurrency?: boolean } = {}): Knex.QueryBuilder {
  qb.whereRaw('?? = ??', ['q.part_id', 'pricing.part_id']).where('q.status', 'approved');
  if (!options.anyCurrency) qb.whereRaw('?? = ??', ['q.currency', 'pricing.currency']);
  return qb
    .whereRaw('?? <= ??', ['q.priced_at', 'pricing.priced_at'])
    .whereRaw('(?? < ?? or ?? < ??)', ['q.priced_at', 'pricing.priced_at', 'q.id', 'pricing.id']);
}

/**
 * Approved pricings (`q`) of the part of pricing `pricingId`, in its currency unless `anyCurrency`,
 * that come before it; select and order are the caller's.
 */
export function approvedBefore(db: Knex, pricingId: number, options: { anyCurrency?: boolean } = {}): Knex.QueryBuilder {
  return whereApprovedBefore(
    db({ q: 'pricing' }).join('pricing', (j) => j.onVal('pricing.id', '=', pricingId)),
    options,
  );
}

/** 10^15 and 10^14 as decimal(38, 4): the place of a row in its part's order, and the offset of its price (previousApprovedInOnePass). */
const PLACE = 'cast(1000000000000000 as decimal(38, 4))';
const PRICE_OFFSET = 'cast(100000000000000 as decimal(38, 4))';

/**
 * FROM for a statement that needs the previous approved price of every row of `statuses` (all rows
 * when undefined): a count or an order by the rate. Instead of a seek per row, one ordered pass over
 * those statuses' rows and the approved ones, by part and currency: a derived table named pricing
 * (id, part_id, currency, status, unit_price, priced_at: what the status and rate filters, the count and the orders by the rate,
 * priced_at, unit_price and part_no read), then an apply that names the previous price as the
 * seek's join does (previous_approved.unit_price), so the rate's SQL is the same. The previous
 * pricing's number is not there: nothing that reads every row returns it.
 *
 * Within a part and currency in (priced_at, id) order, the previous approved row is the approved row with the
 * greatest place (row_number) before this one: the max, over the frame ending 1 preceding, of
 * place × 10^15 + (price + 10^14), exact in decimal(38, 4) (a decimal(18, 4) is below 10^14 in
 * magnitude, so the sum stays within its 10^15 slot); the remainder by 10^15 gives the price back.
 * T-SQL (the dialect's priorRowsInOnePass).
 */
export function previousApprovedInOnePass(db: Knex, statuses: readonly string[] | undefined): Knex.QueryBuilder {
  const ordered = db('pricing').select(
    'pricing.id',
    'pricing.part_id',
    'pricing.currency',
    'pricing.status',
    'pricing.unit_price',
    'pricing.priced_at',
    db.raw('row_number() over (partition by ??, ?? order by ??, ??) as ??', [
      'pricing.part_id',
      'pricing.currency',
      'pricing.priced_at',
      'pricing.id',
      'place',
    ]),
  );
  if (statuses && statuses.length > 0) ordered.whereIn('pricing.status', [...new Set([...statuses, 'approved'])]);
  const packed = `?? * ${PLACE} + ?? + ${PRICE_OFFSET}`;
  return db
    .from(ordered.as('ordered'))
    .select(
      'ordered.id',
      'ordered.part_id',
      'ordered.currency',
      'ordered.status',
      'ordered.unit_price',
      'ordered.priced_at',
      db.raw(
        `max(case when ?? = ? then ${packed} end) over (partition by ??, ?? order by ??, ?? rows between unbounded preceding and 1 preceding) as ??`,
        [
          'ordered.status',
          'approved',
          'ordered.place',
          'ordered.unit_price',
          'ordered.part_id',
          'ordered.currency',
          'ordered.priced_at',
          'ordered.id',
          'previous_packed',
        ],
      ),
    )
    .as('pricing');
}

/** After previousApprovedInOnePass's FROM: the previous price under the name the rate's SQL reads. */
export function joinPreviousApprovedFromPass(qb: Knex.QueryBuilder): Knex.QueryBuilder {
  // Unpacked after the status filters (for the rows they keep only), not in the window's pass.
  return qb.joinRaw(`cross apply (select ?? % ${PLACE} - ${PRICE_OFFSET} as ??) as ??`, [
    'pricing.previous_packed',
    'unit_price',
    PREVIOUS,
  ]);
}

/** Adds the join of the previous row to a query over `pricing`, where the database joins it. */
export function joinPreviousApproved(qb: Knex.QueryBuilder): Knex.QueryBuilder {
  const { join } = pricingChangeSql(qb.client);
  return join ? qb.joinRaw(join) : qb;
}

/**
 * changeRate within [min, max] (either may be absent), as whole ten-thousandths: null never matches.
 * R = round(x) half away from zero, x = N / B, so for a whole k: R ≥ k ⟺ x ≥ k − ½ when k ≥ 1, and
 * x > k − ½ when k ≤ 0 (−½ rounds to −1); R ≤ k ⟺ x ≤ k + ½ when k ≤ −1, and x < k + ½ when k ≥ 0.
 * The same rows as comparing the rounded rate (rateUnits), without its quotient for every row.
 */
export function whereChangeRate(qb: Knex.QueryBuilder, minUnits: number | undefined, maxUnits: number | undefined): void {
  const { rateBound } = pricingChangeSql(qb.client);
  if (minUnits !== undefined) {
    const c = 20000 + 2 * minUnits - 1;
    qb.whereRaw(rateBound(minUnits >= 1 ? '>=' : '>'), [c, c]);
  }
  if (maxUnits !== undefined) {
    const c = 20000 + 2 * maxUnits + 1;
    qb.whereRaw(rateBound(maxUnits <= -1 ? '<=' : '<'), [c, c]);
  }
}

/**
 * Every approved pricing with its change rate in whole ten-thousandths (`rate_units`), in one
 * ordered pass: among approved rows the previous approved one of the same part and currency is the
 * row before in (priced_at, id) order, which is what pricing_previous_approved_index holds, so no
 * seek per row. Selects `priced_at` and `rate_units`; the caller narrows by priced_at outside the
 * pass (the first row of its window still has its earlier previous price).
 */
export function approvedRatesInOnePass(db: Knex): Knex.QueryBuilder {
  const { exact } = dialectOf(db);
  const ordered = db('pricing')
    .select(
      'pricing.priced_at',
      'pricing.unit_price',
      db.raw('lag(??) over (partition by ??, ?? order by ??, ??) as ??', [
        'pricing.unit_price',
        'pricing.part_id',
        'pricing.currency',
        'pricing.priced_at',
        'pricing.id',
        'previous_price',
      ]),
    )
    .where('pricing.status', 'approved');
  const id = (name: string) => db.raw('??', [name]).toQuery();
  return db
    .from(ordered.as('approved'))
    .select(
      { priced_at: 'approved.priced_at' },
      db.raw(`${rateUnitsSql(exact, id('approved.unit_price'), id('approved.previous_price'))} as ??`, ['rate_units']),
    );
}
