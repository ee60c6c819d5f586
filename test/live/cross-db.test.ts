import { expect } from 'chai';
import { closeTestApp, createScratchDatabase, createTestApp, type ScratchDatabase, type TestApp } from '../support/context.js';
import { BATTERY as CASES, comparable, firstDifference } from '../support/identity-battery.js';
import { LIVE_CLIENTS, liveSqliteEnv } from './live-support.js';

/**
 * The contract's promise: the same query on the same seed gives byte-identical `data` (and `total`)
 * on every database. Each database here is created for this run, migrated and seeded, then dropped.
 */

describe(`cross-database: the same answers on SQLite, ${LIVE_CLIENTS.join(', ')}`, function () {
  this.timeout(30_000);
  const targets: { label: string; app: TestApp }[] = [];
  const scratches: ScratchDatabase[] = [];
  const sqlite = liveSqliteEnv('crossdb');

  before(async function () {
    this.timeout(180_000);
    for (const client of LIVE_CLIENTS) scratches.push(await createScratchDatabase(client, 'xdb'));
    const apps = [
      { label: 'sqlite', app: createTestApp(sqlite.env, { ownDb: true }) },
      ...scratches.map((s) => ({ label: s.client, app: createTestApp(s.env, { ownDb: true }) })),
    ];
    targets.push(...apps);
    await Promise.all(
      apps.map(async ({ app }) => {
        await app.db.migrate.latest();
        await app.db.seed.run();
      }),
    );
  });

  after(async function () {
    this.timeout(60_000);
    await Promise.all(targets.map((t) => closeTestApp(t.app)));
    await Promise.all(scratches.map((s) => s.drop()));
    sqlite.remove();
  });

  it(`has at least 50 fixed requests (${CASES.length})`, () => {
    expect(CASES.length).to.be.at.least(50);
    expect(new Set(CASES.map((c) => c.name)).size).to.equal(CASES.length);
  });

  for (const c of CASES) {
    it(`${c.name}: identical on every database`, async () => {
      const responses = await Promise.all(
        targets.map(({ app }) => (c.method === 'get' ? app.request.get(c.path) : app.request.post(c.path).send(c.body as object))),
      );
      const [reference, ...others] = responses.map((r, i) => {
        expect(r.status, `${targets[i]!.label}: ${JSON.stringify(r.body)}`).to.equal(c.status);
        return comparable(r.body);
      });
      others.forEach((text, i) => {
        if (text !== reference) expect.fail(`${targets[i + 1]!.label} differs from sqlite ${firstDifference(reference!, text)}`);
      });
    });
  }

  it('the fixed requests are not vacuous: most return rows', async () => {
    const sqliteApp = targets[0]!.app;
    let nonEmpty = 0;
    for (const c of CASES.filter((x) => x.method === 'post' && x.status === 200)) {
      const res = await sqliteApp.request.post(c.path).send(c.body as object);
      const data = res.body.data;
      if (Array.isArray(data) ? data.length > 0 : data) nonEmpty++;
    }
    expect(nonEmpty).to.be.at.least(40);
  });
});
