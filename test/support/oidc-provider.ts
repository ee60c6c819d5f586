import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID Provider (panva's certified oidc-provider) inside the test process, on a free
 * port of 127.0.0.1, issuing JWT access tokens (RFC 9068, typ at+jwt) for the API's audience with
 * a `roles` claim. The API's tests get machine tokens through the client-credentials grant; the
 * page's tests (test/web/) add a public SPA client and sign in through the provider's own dev
 * login form, which takes any user name.
 *
 * The provider object itself is rebuilt when its keys rotate (its key set is fixed at
 * construction), behind the same listener, so its issuer and port never change; stop() and
 * start() take the listener down and up again, as an outage would.
 *
 *   const op = await TestOpenIdProvider.start({
 *     clients: [{ clientId: 'reader', roles: ['pricing.read'] }],
 *     spa: { clientId: 'pricing-page', redirectUris: ['http://127.0.0.1:3001/'] },
 *     userRoles: (user) => (user === 'reader' ? ['pricing.read'] : [...ROLES]),
 *   });
 *   // service: AUTH_ISSUER=op.issuer AUTH_AUDIENCE=API_AUDIENCE AUTH_CLIENT_ID=pricing-page
 *   const token = await op.clientToken('reader');
 *
 * The page's sign-in: /auth shows a login form (fields `login`, `password`: any values) and then
 * redirects back with a code; no consent screen; the token answer carries a refresh token.
 */

export const API_AUDIENCE = 'api://pricing';
/** A resource the provider also serves: its tokens carry another audience (the API must refuse them). */
export const OTHER_AUDIENCE = 'api://other';
export const ROLES = ['pricing.read', 'pricing.export'] as const;

export type SigningAlg = 'RS256' | 'ES256';

/** A confidential client that gets tokens with the client-credentials grant. */
export interface MachineClient {
  clientId: string;
  /** The `roles` claim of its tokens ([] for a token without roles). */
  roles: string[];
  /** How its access tokens are signed (default RS256). */
  alg?: SigningAlg;
}

/** The page: a public client (no secret) using the authorization-code flow with PKCE. */
export interface SpaClient {
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
}

export interface TestProviderOptions {
  clients?: MachineClient[];
  spa?: SpaClient;
  /** The roles a signed-in person gets, by the user name typed at the login form (default: both). */
  userRoles?: (accountId: string) => string[];
  /** The display name (`name` claim) of a signed-in person (default: the user name). */
  userName?: (accountId: string) => string;
  /** Lifetime of access tokens (default 300 s); short ones let a test see one expire. */
  accessTokenTtlSeconds?: number;
  /** Listen on this port (default: a free one). */
  port?: number;
}

export const CLIENT_SECRET_SUFFIX = '-secret-0123456789abcdef';

interface SigningKey {
  alg: SigningAlg;
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

async function newKey(alg: SigningAlg): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = `${alg.toLowerCase()}-${crypto.randomBytes(6).toString('hex')}`;
  return {
    alg,
    kid,
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg, use: 'sig' },
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' },
  };
}

export class TestOpenIdProvider {
  private provider!: Provider;
  /** The provider's keys, newest first: it signs with the first of each algorithm. */
  private keys: SigningKey[] = [];
  private readonly server: http.Server;
  private readonly cookieKey = crypto.randomBytes(32).toString('hex');
  private listening = false;

  private constructor(
    readonly port: number,
    private readonly options: TestProviderOptions,
    server: http.Server,
  ) {
    this.server = server;
  }

  /** Starts a provider on 127.0.0.1 (a free port unless `options.port`). */
  static async start(options: TestProviderOptions = {}): Promise<TestOpenIdProvider> {
    let handler: http.RequestListener = (_req, res) => res.end();
    const server = http.createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    const op = new TestOpenIdProvider((server.address() as AddressInfo).port, options, server);
    op.listening = true;
    op.keys = [await newKey('RS256'), await newKey('ES256')];
    op.build();
    handler = (req, res) => op.provider.callback()(req, res);
    return op;
  }

  get issuer(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The kids the provider publishes now, newest first. */
  get kids(): string[] {
    return this.keys.map((k) => k.kid);
  }

  /** The kid it signs `alg` tokens with now. */
  currentKid(alg: SigningAlg = 'RS256'): string {
    return this.keys.find((k) => k.alg === alg)!.kid;
  }

  /** The public JWK it signs `alg` tokens with (what the JWKS endpoint publishes). */
  publicJwk(alg: SigningAlg = 'RS256'): JWK {
    return this.keys.find((k) => k.alg === alg)!.publicJwk;
  }

  /** An access token from the client-credentials grant for `resource` (default the API's audience). */
  async clientToken(clientId: string, resource = API_AUDIENCE): Promise<string> {
    const res = await fetch(`${this.issuer}/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: `${clientId}${CLIENT_SECRET_SUFFIX}`,
        resource,
        scope: ROLES.join(' '),
      }),
    });
    const body = (await res.json()) as { access_token?: string; error?: string; error_description?: string };
    if (!res.ok || !body.access_token) throw new Error(`token request failed: ${res.status} ${body.error} ${body.error_description}`);
    return body.access_token;
  }

  /**
   * A JWT signed with the provider's current private key, as the provider would sign one but with
   * whatever claims and header a test needs (expired, not yet valid, another issuer, typ …).
   * The defaults are those of a good token for the API.
   */
  async sign(
    claims: JWTPayload & Record<string, unknown>,
    header: { alg?: SigningAlg; kid?: string; typ?: string | null } = {},
  ): Promise<string> {
    const alg = header.alg ?? 'RS256';
    const key = this.keys.find((k) => k.alg === alg)!;
    const now = Math.floor(Date.now() / 1000);
    const payload = { iss: this.issuer, aud: API_AUDIENCE, sub: 'forged-subject', iat: now, exp: now + 300, ...claims };
    const typ = header.typ === undefined ? 'at+jwt' : header.typ;
    return new SignJWT(payload)
      .setProtectedHeader({ alg, kid: header.kid ?? key.kid, ...(typ === null ? {} : { typ }) })
      .sign(await importJWK(key.privateJwk, alg));
  }

  /**
   * A new key for each algorithm (new kids), published and used from now on. With `keepPrevious`
   * the old keys stay published too, as providers do during a rollover; without, they vanish.
   */
  async rotateKeys({ keepPrevious = false }: { keepPrevious?: boolean } = {}): Promise<void> {
    const fresh = [await newKey('RS256'), await newKey('ES256')];
    this.keys = keepPrevious ? [...fresh, ...this.keys] : fresh;
    this.build();
  }

  /** The provider goes away: the listener closes and open connections are cut. */
  async stop(): Promise<void> {
    if (!this.listening) return;
    this.listening = false;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  /** Back on the same port (and issuer). */
  async start(): Promise<void> {
    if (this.listening) return;
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.server.removeListener('error', reject);
        resolve();
      });
    });
    this.listening = true;
  }

  close(): Promise<void> {
    return this.stop();
  }

  private build(): void {
    const options = this.options;
    const machines = new Map((options.clients ?? []).map((c) => [c.clientId, c]));
    const spa = options.spa;
    const ttl = options.accessTokenTtlSeconds ?? 300;
    const userRoles = options.userRoles ?? (() => [...ROLES]);
    const userName = options.userName ?? ((id: string) => id);
    const clients: Record<string, unknown>[] = [...machines.values()].map((c) => ({
      client_id: c.clientId,
      client_secret: `${c.clientId}${CLIENT_SECRET_SUFFIX}`,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_post',
    }));
    if (spa) {
      clients.push({
        client_id: spa.clientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: spa.redirectUris,
        post_logout_redirect_uris: spa.postLogoutRedirectUris ?? [],
      });
    }
    const isSpa = (clientId: string | undefined) => spa !== undefined && clientId === spa.clientId;

    /* eslint-disable @typescript-eslint/no-explicit-any -- the provider calls back with its own untyped contexts */
    const provider = new Provider(this.issuer, {
      clients,
      jwks: { keys: this.keys.map((k) => k.privateJwk) },
      cookies: { keys: [this.cookieKey] },
      claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
      scopes: ['openid', 'offline_access', ...ROLES],
      ttl: {
        AccessToken: ttl,
        ClientCredentials: ttl,
        IdToken: ttl,
        Interaction: 3600,
        Grant: 86_400,
        Session: 86_400,
        RefreshToken: 86_400,
      },
      // Any user name typed at the dev login form is an account.
      findAccount: (_ctx: any, sub: string) =>
        Promise.resolve({ accountId: sub, claims: () => ({ sub, name: userName(sub), preferred_username: sub }) }),
      features: {
        devInteractions: { enabled: true },
        clientCredentials: { enabled: true },
        resourceIndicators: {
          enabled: true,
          // The page asks for no resource: its tokens are for the API all the same.
          defaultResource: (ctx: any, _client: any, oneOf?: string | string[]) =>
            oneOf ?? (isSpa(ctx.oidc.client?.clientId) ? API_AUDIENCE : undefined),
          useGrantedResource: () => true,
          getResourceServerInfo(_ctx: any, resource: string, client: any) {
            if (resource !== API_AUDIENCE && resource !== OTHER_AUDIENCE) throw new Error(`unknown resource ${resource}`);
            const alg = machines.get(client.clientId)?.alg ?? 'RS256';
            return { scope: ROLES.join(' '), audience: resource, accessTokenFormat: 'jwt', accessTokenTTL: ttl, jwt: { sign: { alg } } };
          },
        },
      },
      // The roles claim (and a person's name) in the access token, as Entra ID puts app roles there.
      extraTokenClaims(_ctx: any, token: any) {
        if (token.accountId) return { roles: userRoles(token.accountId), name: userName(token.accountId) };
        return { roles: machines.get(token.clientId)?.roles ?? [] };
      },
      // A first-party page: no consent screen, the grant covers what it asks for and the API.
      async loadExistingGrant(ctx: any) {
        const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
        if (grantId) return ctx.oidc.provider.Grant.find(grantId);
        if (!isSpa(ctx.oidc.client.clientId)) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
        grant.addOIDCScope('openid profile offline_access');
        grant.addResourceScope(API_AUDIENCE, ROLES.join(' '));
        await grant.save();
        return grant;
      },
      // Refresh tokens for the page (silent renewal), without asking for offline_access.
      issueRefreshToken: (_ctx: any, client: any) => client.grantTypeAllowed('refresh_token'),
      clientBasedCORS: (_ctx: any, origin: string, client: any) =>
        client.redirectUris.some((uri: string) => URL.canParse(uri) && new URL(uri).origin === origin),
      pkce: { required: () => true },
    });
    /* eslint-enable @typescript-eslint/no-explicit-any */
    this.provider = provider;
  }
}
