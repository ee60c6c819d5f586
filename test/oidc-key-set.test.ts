import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import supertest from 'supertest';
import { createApp } from '../src/app.js';
import { MAX_PROVIDER_DOCUMENT_BYTES } from '../src/http/jwt.js';
import { createLogger } from '../src/logger.js';
import { sharedTestDb, testConfig } from './support/context.js';

/**
 * Key sets that a real provider does not publish but a misconfigured or hostile one may: two keys
 * under one kid, and a key set of 50 MB. A bare issuer on 127.0.0.1 serves discovery and the set.
 */
const AUDIENCE = 'api://pricing';

interface Issuer {
  url: string;
  /** What GET /jwks answers: a key set, or a writer of the body. */
  jwks: { keys: JWK[] } | ((res: http.ServerResponse) => void);
  close(): Promise<void>;
}

async function startIssuer(): Promise<Issuer> {
  const issuer: Issuer = { url: '', jwks: { keys: [] }, close: () => Promise.resolve() };
  const server = http.createServer((req, res) => {
    if (req.url === '/.well-known/openid-configuration') {
      res.setHeader('Content-Type', 'application/json');
      return res.end(JSON.stringify({ issuer: issuer.url, jwks_uri: `${issuer.url}/jwks` }));
    }
    if (req.url === '/jwks') {
      if (typeof issuer.jwks === 'function') return issuer.jwks(res);
      res.setHeader('Content-Type', 'application/json');
      return res.end(JSON.stringify(issuer.jwks));
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return issuer;
}

async function rsaKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

function appFor(issuer: Issuer) {
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      raw.push(String(chunk));
      done();
    },
  });
  const config = testConfig({ LOG_LEVEL: 'info', AUTH_ISSUER: issuer.url, AUTH_AUDIENCE: AUDIENCE });
  const app = createApp({
    config,
    db: sharedTestDb(),
    logger: createLogger(config.logLevel, sink),
    authKeyTimings: { cooldownMs: 0, retryAfterMs: 0 },
  });
  return { request: supertest(app.callback()), log: () => raw.join('') };
}

const sign = (issuer: Issuer, key: CryptoKey, kid: string) =>
  new SignJWT({ roles: ['pricing.read'] })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
    .setIssuer(issuer.url)
    .setAudience(AUDIENCE)
    .setSubject('clerk')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);

describe('company sign-in: unusual key sets', function () {
  this.timeout(30_000);
  let issuer: Issuer;
  beforeEach(async () => {
    issuer = await startIssuer();
  });
  afterEach(() => issuer.close());

  it('two keys with the same kid: a token signed by either is accepted, a forged one still refused', async () => {
    const [first, second, stranger] = [await rsaKey('shared'), await rsaKey('shared'), await rsaKey('shared')];
    issuer.jwks = { keys: [first.publicJwk, second.publicJwk] };
    const t = appFor(issuer);
    for (const key of [first, second]) {
      const res = await t.request
        .post('/api/query/pricing')
        .set('Authorization', `Bearer ${await sign(issuer, key.privateKey, 'shared')}`)
        .send({ pageSize: 1 });
      expect(res.status, res.text).to.equal(200);
    }
    const forged = await t.request
      .post('/api/query/pricing')
      .set('Authorization', `Bearer ${await sign(issuer, stranger.privateKey, 'shared')}`)
      .send({});
    expect(forged.status).to.equal(401);
  });

  it('a key set of 50 MB is a fetch failure: read no further than 1 MB, logged, JWTs 503 until a usable set', async () => {
    const { privateKey, publicJwk } = await rsaKey('k1');
    let sent = 0;
    issuer.jwks = (res) => {
      res.setHeader('Content-Type', 'application/json');
      const filler = Buffer.alloc(64 * 1024, 'x');
      res.write(`{"keys":[${JSON.stringify(publicJwk)}],"filler":"`);
      const more = () => {
        while (sent < 50 * 1024 * 1024 && !res.destroyed) {
          sent += filler.length;
          if (!res.write(filler)) return void res.once('drain', more);
        }
        res.end('"}');
      };
      more();
    };
    const t = appFor(issuer);
    const token = await sign(issuer, privateKey, 'k1');
    const before = process.memoryUsage().rss;
    const res = await t.request.post('/api/query/pricing').set('Authorization', `Bearer ${token}`).send({});
    expect(res.status, res.text).to.equal(503);
    expect(res.body.code).to.equal('AUTH_UNAVAILABLE');
    expect(process.memoryUsage().rss - before, 'memory grew by far less than the key set').to.be.below(48 * 1024 * 1024);
    expect(sent, 'the service stopped reading').to.be.below(20 * 1024 * 1024);
    expect(t.log()).to.include(`more than ${MAX_PROVIDER_DOCUMENT_BYTES} bytes`);

    issuer.jwks = { keys: [publicJwk] };
    const ok = await t.request.post('/api/query/pricing').set('Authorization', `Bearer ${token}`).send({ pageSize: 1 });
    expect(ok.status, ok.text).to.equal(200);
  });
});
