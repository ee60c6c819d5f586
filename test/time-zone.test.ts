import { expect } from 'chai';
import knexFactory from 'knex';
import pg from 'pg';
import { timestamptzValue } from '../src/db/dialects/postgres.js';
import { whereDayRange } from '../src/queries/predicates.js';
import { isoOfEpochMs, toUtcIso } from '../src/queries/values.js';
import { endOfDayIn, startOfDayIn, wallClockDate } from '../src/time-zone.js';

/**
 * Calendar days in the business time zone at the ends of the calendar: year 1 and year 9999, years
 * below 100 (which Date.UTC would read as 19xx), and the bounds they become on each database.
 */
describe('calendar days in APP_TIMEZONE', () => {
  const cases: [zone: string, day: string, start: string, end: string][] = [
    ['Asia/Shanghai', '2026-03-16', '2026-03-15T16:00:00.000Z', '2026-03-16T16:00:00.000Z'],
    // Before 1901 the zone's local mean time applies (UTC+08:05:43).
    ['Asia/Shanghai', '0001-01-01', '0000-12-31T15:54:17.000Z', '0001-01-01T15:54:17.000Z'],
    ['Asia/Shanghai', '0099-12-31', '0099-12-30T15:54:17.000Z', '0099-12-31T15:54:17.000Z'],
    ['Asia/Shanghai', '9999-12-31', '9999-12-30T16:00:00.000Z', '9999-12-31T16:00:00.000Z'],
    ['America/New_York', '0001-01-01', '0001-01-01T04:56:02.000Z', '0001-01-02T04:56:02.000Z'],
    ['America/New_York', '9999-12-31', '9999-12-31T05:00:00.000Z', '+010000-01-01T05:00:00.000Z'],
    ['Europe/Berlin', '2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
    ['Etc/GMT+12', '9999-12-31', '9999-12-31T12:00:00.000Z', '+010000-01-01T12:00:00.000Z'],
    ['Pacific/Kiritimati', '2026-01-01', '2025-12-31T10:00:00.000Z', '2026-01-01T10:00:00.000Z'],
  ];
  for (const [zone, day, start, end] of cases) {
    it(`${day} in ${zone} is [${start}, ${end})`, () => {
      expect(startOfDayIn(day, zone).toISOString()).to.equal(start);
      expect(endOfDayIn(day, zone).toISOString()).to.equal(end);
    });
  }

  it('the wall clock of an instant in year 1 BC or in years below 100 keeps its year', () => {
    expect(wallClockDate(new Date('0001-01-01T03:00:00.000Z'), 'America/New_York').toISOString()).to.equal('0000-12-31T22:03:58.000Z');
    expect(wallClockDate(new Date('0050-06-01T12:00:00.250Z'), 'Asia/Shanghai').toISOString()).to.equal('0050-06-01T20:05:43.250Z');
    expect(wallClockDate(new Date('2026-11-22T01:30:00.123Z'), 'Asia/Shanghai').toISOString()).to.equal('2026-11-22T09:30:00.123Z');
  });
});

describe('day bounds as SQL: what each database can hold', () => {
  const compile = (client: string, from: string | undefined, to: string | undefined, zone: string) => {
    const db = knexFactory({ client, useNullAsDefault: true });
    const qb = db('pricing').select('id');
    whereDayRange(qb, 'priced_at', from, to, zone);
    return qb.toSQL();
  };

  it('SQL Server: a bound before 1753 goes as datetime2 text (knex binds a Date as the legacy datetime)', () => {
    const { sql, bindings } = compile('mssql', '0500-03-01', '1752-12-31', 'UTC');
    expect(sql).to.equal('select [id] from [pricing] where [priced_at] >= cast(? as datetime2(3)) and [priced_at] < ?');
    expect(bindings[0]).to.equal('0500-03-01T00:00:00.000');
    expect((bindings[1] as Date).toISOString()).to.equal('1753-01-01T00:00:00.000Z');
  });

  it('SQL Server: a bound outside datetime2 (before year 1, after 9999) is no bound', () => {
    expect(compile('mssql', '0001-01-01', '9999-12-31', 'Asia/Shanghai').sql).to.equal('select [id] from [pricing] where [priced_at] < ?');
    expect(compile('mssql', '0001-01-01', '9999-12-31', 'America/New_York').sql).to.equal(
      'select [id] from [pricing] where [priced_at] >= cast(? as datetime2(3))',
    );
  });

  it('MariaDB/MySQL: an end in year 10000 is no bound (DATETIME ends in 9999; the literal would match nothing)', () => {
    expect(compile('mysql2', undefined, '9999-12-31', 'America/New_York').sql).to.equal('select `id` from `pricing`');
    expect(compile('mysql2', undefined, '9999-12-31', 'Asia/Shanghai').bindings.map((b) => (b as Date).toISOString())).to.deep.equal([
      '9999-12-31T16:00:00.000Z',
    ]);
    expect(compile('mysql2', '0001-01-01', undefined, 'Asia/Shanghai').bindings.map((b) => (b as Date).toISOString())).to.deep.equal([
      '0000-12-31T15:54:17.000Z',
    ]);
  });

  it('PostgreSQL and SQLite: every bound is bound as it is', () => {
    for (const client of ['pg', 'better-sqlite3']) {
      const { bindings } = compile(client, '0001-01-01', '9999-12-31', 'America/New_York');
      expect(bindings.map((b) => (b as Date).toISOString())).to.deep.equal(['0001-01-01T04:56:02.000Z', '+010000-01-01T05:00:00.000Z']);
    }
  });
});

describe("pg's timestamptz text read without a Date where it is in UTC", () => {
  const viaDate = pg.types.getTypeParser(1184, 'text') as (text: string) => unknown;
  const texts = [
    '2026-03-31 16:30:00+00',
    '2026-03-31 16:30:00.5+00',
    '2026-03-31 16:30:00.05+00',
    '2026-03-31 16:30:00.123+00',
    '0001-01-01 00:00:00+00',
    '0099-12-31 23:59:59.999+00',
    '9999-12-31 23:59:59.999+00',
    // Not cut as text: another zone, BC, a fourth decimal, a year past 9999.
    '2026-03-31 18:30:00+02',
    '2026-03-31 11:00:00-05:30',
    '0044-03-15 12:00:00+00 BC',
    '2026-03-31 16:30:00.1234+00',
    '10000-01-01 00:00:00+00',
  ];
  for (const text of texts) {
    it(`${text}: the ISO text a Date gives`, () => {
      expect(toUtcIso(timestamptzValue(text))).to.equal(toUtcIso(viaDate(text)));
    });
  }
  it('a UTC text becomes the ISO text itself, no Date', () => {
    expect(timestamptzValue('0099-12-31 23:59:59.5+00')).to.equal('0099-12-31T23:59:59.500Z');
    expect(timestamptzValue('2026-03-31 18:30:00+02')).to.be.instanceOf(Date);
  });
});

describe("SQLite's epoch milliseconds written as ISO text without a Date", () => {
  it('gives what toISOString gives: the ends of 4-digit years, leap days, around 1970, and a random sweep', () => {
    const edges = [
      new Date('0000-01-01T00:00:00.000Z').getTime(),
      new Date('9999-12-31T23:59:59.999Z').getTime(),
      new Date('2000-02-29T23:59:59.999Z').getTime(),
      new Date('1900-03-01T00:00:00.000Z').getTime(),
      -1,
      0,
      1,
    ];
    // Outside 4-digit years and fractions: Date's own text.
    const outside = [new Date('0000-01-01T00:00:00.000Z').getTime() - 1, new Date('9999-12-31T23:59:59.999Z').getTime() + 1, 1.5];
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const sweep = Array.from({ length: 20_000 }, () => Math.round(random() * 253_402_300_799_999));
    for (const ms of [...edges, ...outside, ...sweep]) expect(isoOfEpochMs(ms), String(ms)).to.equal(new Date(ms).toISOString());
    expect(toUtcIso(1_774_974_600_000)).to.equal('2026-03-31T16:30:00.000Z');
  });
});
