import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import supertest from 'supertest';
import { createApp } from '../src/app.js';
import type { KeyTimings } from '../src/http/jwt.js';
import { rolesOf } from '../src/http/auth.js';
import { createLogger } from '../src/logger.js';
import { sharedTestDb, testConfig } from './support/context.js';
import { pricingMatches } from './support/expected.js';
import { API_AUDIENCE, OTHER_AUDIENCE, TestOpenIdProvider } from './support/oidc-provider.js';

/**
 * Company sign-in through HTTP, against a real OpenID Provider (test/support/oidc-provider.ts):
 * JWT access tokens checked against its keys, roles from a claim, static tokens beside them, key
 * rotation and provider outages without a restart, and the audit lines.
 */

const READ_TOKEN = 'static-reader-0123456789abcdef';
const BARE_TOKEN = 'static-bare-0123456789abcdef';
const CSV = 'text/csv';
const now = () => Math.floor(Date.now() / 1000);

function expectError(res: supertest.Response, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.body).to.include({ success: false, code });
  expect(res.body.message).to.be.a('string').and.not.equal('');
  expect(res.body.requestId).to.be.a('string');
}

/** An app signed in against `op`, with its log lines (parsed) and the raw log text. */
function signInApp(op: TestOpenIdProvider, env: NodeJS.ProcessEnv = {}, timings: KeyTimings = { cooldownMs: 0, retryAfterMs: 0 }) {
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      raw.push(String(chunk));
      done();
    },
  });
  const config = testConfig({
    LOG_LEVEL: 'info',
    AUTH_ISSUER: op.issuer,
    AUTH_AUDIENCE: API_AUDIENCE,
    AUTH_CLIENT_ID: 'pricing-page',
    API_TOKENS: `${READ_TOKEN}:pricing.read,${BARE_TOKEN}`,
    ...env,
  });
  const app = createApp({ config, db: sharedTestDb(), logger: createLogger(config.logLevel, sink), authKeyTimings: timings });
  const lines = () =>
    raw
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { request: supertest(app.callback()), raw: () => raw.join(''), lines, audit: () => lines().filter((l) => l.name === 'audit') };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const query = (t: ReturnType<typeof signInApp>, token: string) =>
  t.request.post('/api/query/pricing').set(bearer(token)).send({ pageSize: 1 });
const exportCsv = (t: ReturnType<typeof signInApp>, token: string) =>
  t.request
    .post('/api/query/pricing')
    .set(bearer(token))
    .set('Accept', CSV)
    .send({ keyword: '支架', status: ['approved'] });

describe('company sign-in: JWT access tokens from a real OpenID Provider', function () {
  this.timeout(20_000);
  let op: TestOpenIdProvider;
  let t: ReturnType<typeof signInApp>;
  const tokens: Record<string, string> = {};

  before(async () => {
    op = await TestOpenIdProvider.start({
      clients: [
        { clientId: 'reader', roles: ['pricing.read'] },
        { clientId: 'exporter', roles: ['pricing.export'] },
        { clientId: 'both', roles: ['pricing.read', 'pricing.export'] },
        { clientId: 'nobody', roles: [] },
        { clientId: 'both-es', roles: ['pricing.read', 'pricing.export'], alg: 'ES256' },
      ],
    });
    for (const id of ['reader', 'exporter', 'both', 'nobody', 'both-es']) tokens[id] = await op.clientToken(id);
    t = signInApp(op);
  });
  after(() => op.close());

  it('a valid token (RS256, typ at+jwt) with pricing.read queries; an ES256 one too', async () => {
    const res = await query(t, tokens.reader!);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.have.length(1);
    expect((await query(t, tokens['both-es']!)).status).to.equal(200);
    expect((await t.request.get('/api/stats/tables').set(bearer(tokens.reader!))).status).to.equal(200);
  });

  it('refused with 401 (WWW-Authenticate invalid_token): another audience, another issuer, expired, not yet valid, no exp', async () => {
    const cases: [string, string][] = [
      ['another audience (issued by the provider)', await op.clientToken('both', OTHER_AUDIENCE)],
      ['another issuer', await op.sign({ iss: 'https://evil.example.com', roles: ['pricing.read'] })],
      ['expired beyond the clock tolerance', await op.sign({ exp: now() - 120, roles: ['pricing.read'] })],
      ['not yet valid (nbf)', await op.sign({ nbf: now() + 120, roles: ['pricing.read'] })],
      ['no exp', await op.sign({ exp: undefined, roles: ['pricing.read'] })],
      ['typ of another kind of JWT', await op.sign({ roles: ['pricing.read'] }, { typ: 'logout+jwt' })],
      ['issued an hour from now', await op.sign({ iat: now() + 3600, roles: ['pricing.read'] })],
      [
        'issued ten years from now',
        await op.sign({ iat: now() + 10 * 365 * 86_400, exp: now() + 10 * 365 * 86_400 + 300, roles: ['pricing.read'] }),
      ],
    ];
    for (const [label, token] of cases) {
      const res = await query(t, token);
      expectError(res, 401, 'UNAUTHORIZED');
      expect(res.headers['www-authenticate'], label).to.include('error="invalid_token"');
    }
    const expired = await query(t, await op.sign({ exp: now() - 120 }));
    expect(expired.body.message).to.include('过期');
  });

  it('within the clock tolerance (30 s) an expired token still counts; typ JWT or none is accepted', async () => {
    expect((await query(t, await op.sign({ exp: now() - 10, roles: ['pricing.read'] }))).status).to.equal(200);
    expect((await query(t, await op.sign({ iat: now() + 10, roles: ['pricing.read'] }))).status, 'iat 10 s ahead').to.equal(200);
    expect((await query(t, await op.sign({ roles: ['pricing.read'] }, { typ: 'JWT' }))).status).to.equal(200);
    expect((await query(t, await op.sign({ roles: ['pricing.read'] }, { typ: null }))).status).to.equal(200);
  });

  it('refused with 401: alg none, HS256 keyed with the public key, a forged signature, an unknown kid', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const claims = { iss: op.issuer, aud: API_AUDIENCE, sub: 'mallory', exp: now() + 300, roles: ['pricing.read', 'pricing.export'] };
    const none = `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(claims)}.`;
    const pem = crypto.createPublicKey({ key: op.publicJwk() as crypto.JsonWebKey, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: op.currentKid() })
      .sign(new TextEncoder().encode(String(pem)));
    const [head, body] = tokens.reader!.split('.');
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: op.currentKid() })
      .sign(
        (
          await crypto.webcrypto.subtle.generateKey(
            { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
            true,
            ['sign', 'verify'],
          )
        ).privateKey,
      );
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: 'reader' })).toString('base64url')}.${tokens.reader!.split('.')[2]}`;
    const unknownKid = await op.sign({ roles: ['pricing.read'] }, { kid: 'no-such-kid' });
    for (const [label, token] of [
      ['alg none', none],
      ['HS256 with the public key', hs256],
      ['signed by another key under the provider kid', otherKey],
      ['claims changed after signing', tampered],
      ['unknown kid', unknownKid],
      ['header only', `${head}.${body}`],
    ] as const) {
      const res = await t.request.get('/api/stats/tables').set(bearer(token));
      expect(res.status, label).to.equal(401);
    }
  });

  it('roles: read queries but cannot export (403 FORBIDDEN); export-only exports but cannot query; both do both; none neither', async () => {
    expectError(await exportCsv(t, tokens.reader!), 403, 'FORBIDDEN');
    expectError(await query(t, tokens.exporter!), 403, 'FORBIDDEN');
    const exported = await exportCsv(t, tokens.exporter!);
    expect(exported.status).to.equal(200);
    expect(exported.headers['content-type']).to.match(/^text\/csv/);
    expect((await query(t, tokens.both!)).status).to.equal(200);
    expect((await exportCsv(t, tokens.both!)).status).to.equal(200);
    expectError(await query(t, tokens.nobody!), 403, 'FORBIDDEN');
    expectError(await exportCsv(t, tokens.nobody!), 403, 'FORBIDDEN');
    expectError(await t.request.get('/api/stats/tables').set(bearer(tokens.nobody!)), 403, 'FORBIDDEN');
    // The review page's operations read like the queries: pricing.read, nothing else.
    for (const path of ['/api/query/pricing-review', '/api/query/pricing-compare']) {
      expectError(await t.request.post(path).set(bearer(tokens.nobody!)).send({ pricingId: 2 }), 403, 'FORBIDDEN');
      expectError(await t.request.post(path).set(bearer(tokens.exporter!)).send({ pricingId: 2 }), 403, 'FORBIDDEN');
      expect((await t.request.post(path).set(bearer(tokens.reader!)).send({ pricingId: 2 })).status, path).to.equal(200);
    }
    // The supplier comparison as a file is an export: pricing.export, as the lists.
    const compareCsv = (token: string) =>
      t.request.post('/api/query/supplier-compare').set(bearer(token)).set('Accept', 'text/csv').send({ partNo: 'P-100217' });
    expectError(await compareCsv(tokens.reader!), 403, 'FORBIDDEN');
    expect((await compareCsv(tokens.exporter!)).status).to.equal(200);
    // A known route's role is checked; an unknown path is still 404 for a caller without roles.
    expect((await t.request.get('/api/no-such-thing').set(bearer(tokens.nobody!))).status).to.equal(404);
  });

  it('static tokens beside JWTs: a token with :pricing.read cannot export; a bare token can do both', async () => {
    expect((await query(t, READ_TOKEN)).status).to.equal(200);
    expectError(await exportCsv(t, READ_TOKEN), 403, 'FORBIDDEN');
    expect((await exportCsv(t, BARE_TOKEN)).status).to.equal(200);
    expectError(await query(t, 'static-wrong-0123456789abcdef'), 401, 'UNAUTHORIZED');
    expectError(await query(t, `${READ_TOKEN}:pricing.read`), 401, 'UNAUTHORIZED');
  });

  it('GET /api/auth/config is open; /api/info keeps its six; GET /api/auth/me says who, with any role', async () => {
    const config = await t.request.get('/api/auth/config');
    expect(config.status).to.equal(200);
    expect(config.body).to.deep.equal({
      success: true,
      enabled: true,
      issuer: op.issuer,
      clientId: 'pricing-page',
      scopes: 'openid profile',
      rolesClaim: 'roles',
    });
    expect(Object.keys((await t.request.get('/api/info')).body.endpoints)).to.have.length(6);
    expectError(await t.request.get('/api/auth/me'), 401, 'UNAUTHORIZED');
    const me = await t.request.get('/api/auth/me').set(bearer(tokens.nobody!));
    expect(me.body).to.deep.equal({ success: true, subject: 'nobody', name: null, clerk: null, roles: [], via: 'jwt' });
    const reader = await t.request.get('/api/auth/me').set(bearer(tokens.reader!));
    expect(reader.body).to.include({ subject: 'reader', via: 'jwt' });
    expect(reader.body.roles).to.deep.equal(['pricing.read']);
    const bare = await t.request.get('/api/auth/me').set(bearer(BARE_TOKEN));
    expect(bare.body).to.include({ via: 'token', name: null });
    expect(bare.body.subject).to.match(/^token:[0-9a-f]{12}$/);
    expect(bare.body.roles).to.deep.equal(['pricing.read', 'pricing.export']);
  });

  it('audit: one line per export, per 403 and per refused token, under name "audit", never the token', async () => {
    const a = signInApp(op);
    await exportCsv(a, tokens.both!).set('X-Request-Id', 'audit-export-1').expect(200);
    await exportCsv(a, tokens.reader!).set('X-Request-Id', 'audit-403-1').expect(403);
    const expired = await op.sign({ exp: now() - 600, sub: 'eve' });
    await query(a, expired).set('X-Request-Id', 'audit-401-1').expect(401);
    const future = await op.sign({ iat: now() + 3600, sub: 'mallory' });
    await query(a, future).set('X-Request-Id', 'audit-401-3').expect(401);
    await query(a, 'static-wrong-0123456789abcdef').set('X-Request-Id', 'audit-401-2').expect(401);
    await query(a, tokens.both!).expect(200); // an ordinary query: no audit line
    const audit = a.audit();
    expect(audit.map((l) => l.requestId)).to.deep.equal(['audit-export-1', 'audit-403-1', 'audit-401-1', 'audit-401-3', 'audit-401-2']);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- log lines are parsed JSON
    const [exported, forbidden, refusedJwt, refusedFuture, refusedStatic] = audit as Record<string, any>[];
    // Refused before routing, still named by the route that was tried.
    for (const line of [forbidden, refusedJwt, refusedFuture, refusedStatic]) expect(line).to.deep.include({ route: '/api/query/pricing' });
    expect(refusedFuture).to.deep.include({ event: 'token-refused', status: 401, reason: 'claim iat: issued in the future' });
    expect(exported).to.deep.include({ event: 'export', outcome: 'completed', route: '/api/query/pricing', status: 200 });
    expect(exported!.who).to.deep.include({ via: 'jwt', subject: 'both', issuer: op.issuer });
    expect(exported!.what).to.deep.include({ format: 'csv', filters: { keyword: '支架', status: ['approved'] } });
    expect(exported!.what.rows).to.be.a('number').above(0);
    expect(exported!.ip).to.be.a('string');
    expect(forbidden).to.deep.include({ event: 'forbidden', outcome: 'denied', status: 403 });
    expect(forbidden!.who).to.deep.include({ via: 'jwt', subject: 'reader', roles: ['pricing.read'] });
    expect(forbidden!.what).to.deep.equal({ format: 'csv' });
    expect(refusedJwt).to.deep.include({ event: 'token-refused', status: 401, reason: 'expired' });
    expect(refusedJwt!.who).to.deep.equal({ via: 'jwt', claimedIssuer: op.issuer, claimedSubject: 'eve' });
    expect(refusedStatic).to.deep.include({ event: 'token-refused', reason: 'unknown token' });
    const log = a.raw();
    for (const token of [tokens.both!, tokens.reader!, expired, future, 'static-wrong-0123456789abcdef']) {
      expect(log).to.not.include(token);
      expect(log).to.not.include(token.split('.').at(-1));
    }
  });

  it('rate limits count a signed-in caller by issuer and subject', async () => {
    const r = signInApp(op, { RATE_LIMIT_PER_MINUTE: '2' });
    for (let i = 0; i < 2; i++) expect((await query(r, tokens.reader!)).status).to.equal(200);
    expectError(await query(r, tokens.reader!), 429, 'RATE_LIMITED');
    expect((await query(r, tokens.both!)).status, 'another subject has its own count').to.equal(200);
  });

  it('AUTH_ROLES_CLAIM takes a dotted path (Keycloak realm_access.roles) or a claim name with dots', async () => {
    const k = signInApp(op, { AUTH_ROLES_CLAIM: 'realm_access.roles' });
    expect((await query(k, await op.sign({ realm_access: { roles: ['pricing.read', 'offline_access'] } }))).status).to.equal(200);
    expectError(await query(k, await op.sign({ roles: ['pricing.read'] })), 403, 'FORBIDDEN');
    expect(
      rolesOf(
        { 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role': 'pricing.read' },
        'http://schemas.microsoft.com/ws/2008/06/identity/claims/role',
      ),
    ).to.deep.equal(['pricing.read']);
    expect(rolesOf({ role: 'pricing.read pricing.export' }, 'role')).to.deep.equal(['pricing.read', 'pricing.export']);
  });

  it('AUTH_ACCEPTED_ISSUERS: a further issuer string is accepted (Entra v1 beside v2, ADFS access tokens)', async () => {
    const v1 = 'https://sts.windows.net/00000000-0000-0000-0000-000000000000/';
    const e = signInApp(op, { AUTH_ACCEPTED_ISSUERS: v1 });
    expect((await query(e, await op.sign({ iss: v1, roles: ['pricing.read'] }))).status).to.equal(200);
    expect((await query(t, await op.sign({ iss: v1, roles: ['pricing.read'] }))).status, 'not without it').to.equal(401);
  });
});

describe('company sign-in: key rotation and provider outages, without a restart', function () {
  this.timeout(20_000);
  let op: TestOpenIdProvider;
  before(async () => {
    op = await TestOpenIdProvider.start({ clients: [{ clientId: 'both', roles: ['pricing.read', 'pricing.export'] }] });
  });
  after(() => op.close());

  it('an unknown kid is refused; after the provider rotates to that kid, its tokens work', async () => {
    const t = signInApp(op);
    const before = await op.clientToken('both');
    expect((await query(t, before)).status).to.equal(200);
    await op.rotateKeys();
    const after = await op.clientToken('both');
    expect(after.split('.')[0]).to.not.equal(before.split('.')[0]);
    expect((await query(t, after)).status, 'the new kid makes the service fetch the keys again').to.equal(200);
    expect((await query(t, before)).status, 'the old key is no longer published').to.equal(401);
  });

  it('with the default cooldown, an unknown kid does not make the service fetch the keys again at once', async () => {
    const t = signInApp(op, {}, {});
    expect((await query(t, await op.clientToken('both'))).status).to.equal(200);
    await op.rotateKeys({ keepPrevious: true });
    expect((await query(t, await op.clientToken('both'))).status).to.equal(401);
  });

  it('down at start-up: the service starts, static tokens work, JWTs get 503 AUTH_UNAVAILABLE; once it is back, JWTs work', async () => {
    await op.stop();
    try {
      const t = signInApp(op);
      expect((await query(t, BARE_TOKEN)).status).to.equal(200);
      const token = await op.sign({ sub: 'early-bird', roles: ['pricing.read'] });
      const res = await query(t, token);
      expectError(res, 503, 'AUTH_UNAVAILABLE');
      expect(res.headers['retry-after']).to.equal('30');
      const failure = t.lines().find((l) => l.msg?.toString().includes('JWTs cannot be checked'));
      expect(failure, 'an error line names the outage').to.deep.include({ level: 50, issuer: op.issuer });
      expect(t.audit().at(-1)).to.deep.include({ event: 'token-refused', outcome: 'AUTH_UNAVAILABLE' });
      const metrics = await t.request.get('/api/metrics').set(bearer(BARE_TOKEN));
      expect(metrics.text).to.match(/^auth_keys_fetch_failures_total [1-9]/m);
      await op.start();
      expect((await query(t, token)).status).to.equal(200);
    } finally {
      await op.start();
    }
  });

  it('down during work: tokens keep verifying against the last good key set, with a warning and a metric', async () => {
    const t = signInApp(op, {}, { cooldownMs: 0, retryAfterMs: 0, cacheMaxAgeMs: 0 });
    const token = await op.clientToken('both');
    expect((await query(t, token)).status).to.equal(200);
    await op.stop();
    try {
      expect((await query(t, token)).status).to.equal(200);
      expect((await exportCsv(t, token)).status).to.equal(200);
      expect((await query(t, await op.sign({ roles: ['pricing.read'] }, { kid: 'unknown-during-outage' }))).status).to.equal(401);
      const warnings = t.lines().filter((l) => l.msg?.toString().includes('last good key set'));
      expect(warnings, 'one warning per outage, not one per request').to.have.length(1);
      const metrics = (await t.request.get('/api/metrics').set(bearer(BARE_TOKEN))).text;
      expect(metrics).to.match(/^auth_keys_stale 1$/m);
      await op.start();
      expect((await query(t, token)).status).to.equal(200);
      expect(t.lines().some((l) => l.msg === "identity provider's keys fetched again")).to.equal(true);
      expect((await t.request.get('/api/metrics').set(bearer(BARE_TOKEN))).text).to.match(/^auth_keys_stale 0$/m);
    } finally {
      await op.start();
    }
  });
});

describe('我的 on the workbench: the signed-in person as 核价员 (AUTH_NAME_CLAIM)', function () {
  this.timeout(20_000);
  let op: TestOpenIdProvider;
  before(async () => {
    op = await TestOpenIdProvider.start({ clients: [{ clientId: 'reader', roles: ['pricing.read'] }] });
  });
  after(() => op.close());
  const workbench = (t: ReturnType<typeof signInApp>, token: string, body: object) =>
    t.request
      .post('/api/query/workbench')
      .set(bearer(token))
      .send({ on: '2026-11-20', ...body });

  it("narrows the pricing items to the caller's own pricings, each count the total its list answers", async () => {
    const t = signInApp(op);
    const token = await op.sign({ roles: ['pricing.read'], name: '张伟' });
    expect((await t.request.get('/api/auth/me').set(bearer(token))).body.clerk).to.equal('张伟');
    const everyone = (await workbench(t, token, {})).body.data;
    const res = await workbench(t, token, { mine: true });
    expect(res.status, res.text).to.equal(200);
    const mine = res.body.data;
    expect(mine.mine).to.equal('张伟');
    expect(everyone.mine).to.equal(null);
    expect(mine.pending.filters).to.deep.equal({ status: ['pending'], pricedBy: '张伟' });
    expect(mine.pending.count).to.equal(pricingMatches({ status: ['pending'], pricedBy: '张伟' }).length);
    expect(mine.pending.count).to.be.greaterThan(0).and.lessThan(everyone.pending.count);
    for (const item of ['pending', 'pendingRising', 'expiring', 'recent']) {
      const listed = await t.request
        .post('/api/query/pricing')
        .set(bearer(token))
        .send({ ...mine[item].filters, pageSize: 1 });
      expect(listed.body.total, item).to.equal(mine[item].count);
    }
    // The processes have no 核价员: everyone's, as without 我的.
    expect(mine.staleProcesses).to.deep.equal(everyone.staleProcesses);
  });

  it('reads the name from the claim AUTH_NAME_CLAIM names; without it, or with a static token, 400 on mine', async () => {
    const t = signInApp(op, { AUTH_NAME_CLAIM: 'pricing_clerk' });
    const named = await op.sign({ roles: ['pricing.read'], name: 'Zhang Wei', pricing_clerk: '王芳' });
    expect((await workbench(t, named, { mine: true })).body.data.mine).to.equal('王芳');
    const unnamed = await op.sign({ roles: ['pricing.read'], name: '张伟' });
    const refused = await workbench(t, unnamed, { mine: true });
    expectError(refused, 400, 'VALIDATION_ERROR');
    expect(refused.body.errors[0]).to.deep.include({ path: 'mine' });
    expectError(await workbench(t, READ_TOKEN, { mine: true }), 400, 'VALIDATION_ERROR');
    expect((await workbench(t, READ_TOKEN, {})).status).to.equal(200);
  });
});

describe('MCP with company sign-in: the protected-resource metadata and a tool call under a provider token', function () {
  this.timeout(20_000);
  let op: TestOpenIdProvider;
  before(async () => {
    op = await TestOpenIdProvider.start({ clients: [{ clientId: 'reader', roles: ['pricing.read'] }] });
  });
  after(() => op.close());

  it('401 names the metadata (RFC 9728), which points at AUTH_ISSUER; a token of the provider calls a tool as its person', async () => {
    const t = signInApp(op);
    const mcp = (token?: string) => {
      const req = t.request.post('/api/mcp').set('Accept', 'application/json, text/event-stream');
      return (token ? req.set(bearer(token)) : req).send({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'workbench', arguments: { on: '2026-11-20', mine: true } },
      });
    };
    const refused = await mcp();
    expect(refused.status).to.equal(401);
    const challenge = refused.headers['www-authenticate'] as string;
    const at = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(at).to.match(/^http:\/\/[^/]+\/\.well-known\/oauth-protected-resource\/api\/mcp$/);
    const metadata = await t.request.get(new URL(at!).pathname);
    expect(metadata.status).to.equal(200);
    expect(metadata.body.authorization_servers).to.deep.equal([op.issuer]);
    expect(metadata.body.resource).to.match(/\/api\/mcp$/);
    // The root form too (supertest listens on a new port per request: the origin differs).
    expect((await t.request.get('/.well-known/oauth-protected-resource')).body.authorization_servers).to.deep.equal([op.issuer]);

    const res = await mcp(await op.sign({ roles: ['pricing.read'], name: '王芳' }));
    expect(res.status, res.text).to.equal(200);
    expect(res.body.result.structuredContent.mine).to.equal('王芳');
    expect(res.body.result.structuredContent.pending.filters).to.deep.equal({ status: ['pending'], pricedBy: '王芳' });
  });
});

describe('company sign-in not configured', () => {
  it('GET /api/auth/config says so; GET /api/auth/me answers with every role (nothing is checked)', async () => {
    const t = supertest(createApp({ config: testConfig({}), db: sharedTestDb(), logger: createLogger('silent') }).callback());
    expect((await t.get('/api/auth/config')).body).to.deep.equal({ success: true, enabled: false });
    expect((await t.get('/api/auth/me')).body).to.deep.equal({
      success: true,
      subject: null,
      name: null,
      clerk: null,
      roles: ['pricing.read', 'pricing.export'],
      via: 'none',
    });
  });
});
