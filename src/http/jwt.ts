import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWSHeaderParameters,
  type JWTPayload,
  type FlattenedJWSInput,
} from 'jose';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { AuthConfig } from '../config.js';
import type { Logger } from '../logger.js';

/** The only signature algorithms accepted: the providers' defaults. HS* and `none` never verify. */
export const JWT_ALGORITHMS = ['RS256', 'ES256'];

/** RFC 9068's `at+jwt` (also as a full media type), plain `JWT`, or none at all (Entra, ADFS, Keycloak). */
const ACCEPTED_TYPES: ReadonlySet<string | undefined> = new Set([undefined, 'jwt', 'at+jwt']);

/** A token that was checked and refused (401): `reason` goes to the audit log, never the token. */
export class TokenRefused extends Error {
  constructor(
    readonly reason: string,
    /** Shown to the caller: expiry is worth telling apart (the page signs in again). */
    readonly expired = false,
  ) {
    super(reason);
    this.name = 'TokenRefused';
  }
}

/** The provider's keys could not be had and none were ever fetched: the token cannot be checked (503). */
export class KeysUnavailable extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'KeysUnavailable';
  }
}

export interface JwtVerifier {
  /** The token's verified claims, or TokenRefused / KeysUnavailable. */
  verify(token: string): Promise<JWTPayload>;
}

export interface JwtVerifierOptions {
  auth: AuthConfig;
  logger: Logger;
  /** Where the key-set metrics are registered (src/metrics.ts's registry). */
  registry?: Registry;
  /** One fetch of the discovery document or the key set (default 5 s). */
  fetchTimeoutMs?: number;
  /** After a failed fetch, the provider is not asked again for this long (default 30 s). */
  retryAfterMs?: number;
  /** An unknown kid fetches the key set again at most this often (jose's cooldown, default 30 s). */
  cooldownMs?: number;
  /** A key set older than this is fetched again on the next token (default 10 minutes). */
  cacheMaxAgeMs?: number;
}

/** The timings a test may shorten (AppDeps.authTimings). */
export type KeyTimings = Pick<JwtVerifierOptions, 'fetchTimeoutMs' | 'retryAfterMs' | 'cooldownMs' | 'cacheMaxAgeMs'>;

/** Errors that say the key set was read but holds no key for this token (not a fetch failure). */
const KEY_MISMATCH_CODES: ReadonlySet<string> = new Set([
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
  errors.JOSENotSupported.code,
  errors.JWKInvalid.code,
]);

type GetKey = ReturnType<typeof createRemoteJWKSet>;

/** The most a discovery document or key set may weigh: real ones are a few kB; more is a fetch failure. */
export const MAX_PROVIDER_DOCUMENT_BYTES = 1024 * 1024;

/**
 * fetch, with the body read up to MAX_PROVIDER_DOCUMENT_BYTES and the rest refused, so that a huge
 * or endless answer costs at most that much memory (the answer is returned with its body in hand).
 */
async function boundedFetch(url: string | URL, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  const tooLarge = () => new Error(`${String(url)} answered more than ${MAX_PROVIDER_DOCUMENT_BYTES} bytes, which no key set needs`);
  if (Number(res.headers.get('content-length') ?? 0) > MAX_PROVIDER_DOCUMENT_BYTES) {
    await res.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > MAX_PROVIDER_DOCUMENT_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  return new Response(Buffer.concat(chunks), { status: res.status, statusText: res.statusText, headers: res.headers });
}

/**
 * The provider's signing keys: discovery (`/.well-known/openid-configuration` → `jwks_uri`) on the
 * first JWT, then jose's remote key set, which fetches again when a token names an unknown kid
 * (at most every 30 s) or the set is 10 minutes old. When a fetch fails, the last good set keeps
 * verifying (a warning, `auth_keys_stale` 1) and the provider is left alone for `retryAfterMs`,
 * so an outage costs one slow fetch per interval, not one per request.
 */
class ProviderKeys {
  private remote: GetKey | undefined;
  private discovering: Promise<GetKey> | undefined;
  private failedAt = 0;
  private failing = false;
  private readonly fetchFailures: Counter | undefined;
  private readonly stale: Gauge | undefined;

  private readonly fetchTimeoutMs: number;
  private readonly retryAfterMs: number;

  constructor(
    private readonly auth: AuthConfig,
    private readonly logger: Logger,
    private readonly timings: KeyTimings,
    registry: Registry | undefined,
  ) {
    this.fetchTimeoutMs = timings.fetchTimeoutMs ?? 5000;
    this.retryAfterMs = timings.retryAfterMs ?? 30_000;
    if (registry) {
      this.fetchFailures = new Counter({
        name: 'auth_keys_fetch_failures_total',
        help: "Failed fetches of the identity provider's discovery document or signing keys (AUTH_ISSUER)",
        registers: [registry],
      });
      this.fetchFailures.inc(0);
      this.stale = new Gauge({
        name: 'auth_keys_stale',
        help: "1 while the last fetch of the provider's keys failed and tokens are checked against the last good key set",
        registers: [registry],
      });
      this.stale.set(0);
    }
  }

  /** jose's key resolver: the remote set, else the last good one while the provider is out. */
  readonly getKey = async (header: JWSHeaderParameters, token: FlattenedJWSInput) => {
    const remote = this.remote ?? (await this.discover());
    const lastGood = remote.jwks();
    if (lastGood && this.resting()) return createLocalJWKSet(lastGood)(header, token);
    if (!lastGood && this.resting()) throw new KeysUnavailable('the provider failed moments ago; not asked again yet');
    try {
      const key = await remote(header, token);
      this.recovered();
      return key;
    } catch (err) {
      if (err instanceof errors.JOSEError && KEY_MISMATCH_CODES.has(err.code)) {
        this.recovered();
        throw err;
      }
      this.failed(err, remote.jwks());
      const keys = remote.jwks();
      if (!keys) throw new KeysUnavailable(describe(err));
      return createLocalJWKSet(keys)(header, token);
    }
  };

  private resting(): boolean {
    return this.failing && Date.now() - this.failedAt < this.retryAfterMs;
  }

  private async discover(): Promise<GetKey> {
    if (this.resting()) throw new KeysUnavailable('the provider failed moments ago; not asked again yet');
    this.discovering ??= this.fetchJwksUri().then(
      (jwksUri) =>
        (this.remote = createRemoteJWKSet(new URL(jwksUri), {
          timeoutDuration: this.fetchTimeoutMs,
          cooldownDuration: this.timings.cooldownMs ?? 30_000,
          cacheMaxAge: this.timings.cacheMaxAgeMs ?? 600_000,
          [customFetch]: boundedFetch,
        })),
      (err: unknown) => {
        this.discovering = undefined;
        this.failed(err, undefined);
        throw new KeysUnavailable(describe(err));
      },
    );
    return this.discovering;
  }

  private async fetchJwksUri(): Promise<string> {
    const url = `${this.auth.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const res = await boundedFetch(url, { signal: AbortSignal.timeout(this.fetchTimeoutMs), redirect: 'manual' });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    const doc = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
    // OpenID Connect Discovery 1.0 §4.3: a document naming another issuer is not this provider's.
    if (doc.issuer !== this.auth.issuer) {
      throw new Error(`${url} names the issuer ${JSON.stringify(doc.issuer)}, not AUTH_ISSUER ${JSON.stringify(this.auth.issuer)}`);
    }
    if (typeof doc.jwks_uri !== 'string' || !URL.canParse(doc.jwks_uri)) throw new Error(`${url} has no jwks_uri`);
    return doc.jwks_uri;
  }

  private failed(err: unknown, lastGood: JSONWebKeySet | undefined): void {
    this.fetchFailures?.inc();
    this.stale?.set(lastGood ? 1 : 0);
    this.failedAt = Date.now();
    if (this.failing) return;
    this.failing = true;
    const fields = { issuer: this.auth.issuer, err: { message: describe(err) } };
    if (lastGood)
      this.logger.warn(fields, "identity provider's keys could not be fetched; tokens are checked against the last good key set");
    else
      this.logger.error(
        fields,
        "identity provider's keys could not be fetched; JWTs cannot be checked (503 AUTH_UNAVAILABLE) until it answers",
      );
  }

  private recovered(): void {
    if (!this.failing) return;
    this.failing = false;
    this.stale?.set(0);
    this.logger.info({ issuer: this.auth.issuer }, "identity provider's keys fetched again");
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    return cause instanceof Error ? `${err.message}: ${cause.message}` : err.message;
  }
  return String(err);
}

/** Why jose refused a token, in a few words for the audit log (jose's messages never quote the token). */
function refusal(err: unknown): TokenRefused {
  if (err instanceof errors.JWTExpired) return new TokenRefused('expired', true);
  if (err instanceof errors.JWTClaimValidationFailed) return new TokenRefused(`claim ${err.claim}: ${err.message}`);
  if (err instanceof errors.JOSEAlgNotAllowed) return new TokenRefused('algorithm not allowed');
  if (err instanceof errors.JWKSNoMatchingKey) return new TokenRefused('no key of the provider matches its kid');
  if (err instanceof errors.JWSSignatureVerificationFailed) return new TokenRefused('signature does not verify');
  if (err instanceof errors.JOSEError) return new TokenRefused(`malformed: ${err.message}`);
  return new TokenRefused('malformed');
}

/** The token checked against each of the keys that share its kid; the first that verifies it wins. */
async function verifyWithAny(
  token: string,
  candidates: errors.JWKSMultipleMatchingKeys,
  options: Parameters<typeof jwtVerify>[2],
): ReturnType<typeof jwtVerify> {
  let last: unknown = new errors.JWSSignatureVerificationFailed();
  for await (const key of candidates) {
    try {
      return await jwtVerify(token, key, options);
    } catch (err) {
      last = err;
      if (!(err instanceof errors.JWSSignatureVerificationFailed)) break;
    }
  }
  throw refusal(last);
}

/**
 * JWT access tokens of AUTH_ISSUER: signed RS256 or ES256 by one of its keys, for AUTH_AUDIENCE,
 * from an accepted issuer, with `exp` (and `nbf`, `iat` when present) within the clock tolerance.
 */
export function createJwtVerifier({ auth, logger, registry, ...timings }: JwtVerifierOptions): JwtVerifier {
  const keys = new ProviderKeys(auth, logger, timings, registry);
  const options = {
    algorithms: JWT_ALGORITHMS,
    issuer: auth.acceptedIssuers,
    audience: auth.audiences,
    clockTolerance: auth.clockToleranceS,
    requiredClaims: ['exp'],
  };
  return {
    async verify(token) {
      let verified;
      try {
        verified = await jwtVerify(token, keys.getKey, options);
      } catch (err) {
        if (err instanceof KeysUnavailable) throw err;
        // Several keys of the set share the token's kid (a provider mid-rollover): each is tried.
        if (err instanceof errors.JWKSMultipleMatchingKeys) verified = await verifyWithAny(token, err, options);
        else throw refusal(err);
      }
      // jose checks a future `iat` only with a maximum token age; a token from the future is refused.
      const { iat } = verified.payload;
      if (typeof iat === 'number' && iat > Date.now() / 1000 + auth.clockToleranceS) {
        throw new TokenRefused('claim iat: issued in the future');
      }
      const typ = verified.protectedHeader.typ?.toLowerCase().replace(/^application\//, '');
      // Another kind of JWT signed by the same provider (a logout token, DPoP proof …) is no access token.
      if (!ACCEPTED_TYPES.has(typ)) throw new TokenRefused(`typ ${verified.protectedHeader.typ} is not an access token`);
      return verified.payload;
    },
  };
}
