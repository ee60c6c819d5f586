import type { components } from './schema';

/** The contract's error body (every 4xx/5xx). */
export type ErrorBody = components['schemas']['ErrorBody'];

/** A failed call: HTTP status plus the service's own body when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body?: ErrorBody,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** A valid sign-in without the role the operation needs (403 FORBIDDEN). */
  get forbidden(): boolean {
    return this.status === 403 && (this.body?.code as string | undefined) === 'FORBIDDEN';
  }

  /** The message with each invalid field (VALIDATION_ERROR), for a toast. */
  describe(): string {
    if (this.forbidden) return `${this.message}。如需开通，请联系系统管理员`;
    const fields = this.body?.errors?.map((e) => `${e.path}：${e.message}`) ?? [];
    return [this.message, ...fields].join('；');
  }
}

const TOKEN_KEY = 'pricing-api-token';

/** The token for this browser session (sessionStorage: gone when the tab closes). */
export function currentToken(): string | undefined {
  return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
}

export function rememberToken(token: string | undefined): void {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/**
 * Asks the person for a token; resolves to undefined when they cancel. The app installs one
 * (a modal); without one a 401 is simply returned. `rejected` says whether a token was sent and refused.
 */
export type TokenAsker = (rejected: boolean) => Promise<string | undefined>;
let tokenAsker: TokenAsker | undefined;
let pendingAsk: Promise<string | undefined> | undefined;

export function setTokenAsker(asker: TokenAsker | undefined): void {
  tokenAsker = asker;
}

/** Several requests that get 401 at once share one prompt. */
function askForToken(rejected: boolean): Promise<string | undefined> {
  if (!tokenAsker) return Promise.resolve(undefined);
  pendingAsk ??= tokenAsker(rejected).finally(() => {
    pendingAsk = undefined;
  });
  return pendingAsk;
}

/**
 * Where apiFetch gets its token, when not from the token dialog: the page's company sign-in
 * (web/src/auth) installs one. `renew` is called after a 401 and resolves to a new token, or to
 * undefined to give up (the 401 is returned).
 */
export interface TokenSource {
  current(): string | undefined | Promise<string | undefined>;
  renew(): Promise<string | undefined>;
}
let tokenSource: TokenSource | undefined;

export function setTokenSource(source: TokenSource | undefined): void {
  tokenSource = source;
}

/** The static token of the dialog: kept in sessionStorage, asked for again when refused. */
const dialogTokens: TokenSource & { renewAfter(rejected: boolean): Promise<string | undefined> } = {
  current: currentToken,
  renew: () => dialogTokens.renewAfter(true),
  async renewAfter(rejected) {
    const token = await askForToken(rejected);
    if (token) rememberToken(token);
    return token;
  },
};

/**
 * fetch with the session's Bearer token. On 401 it asks for a token (API_TOKENS is set on the
 * service), keeps it for the session and sends the request again; cancelling returns the 401.
 * With a sign-in's token source installed, a 401 renews the sign-in instead.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  for (;;) {
    const source = tokenSource ?? dialogTokens;
    const sent = await source.current();
    const headers = new Headers(init.headers);
    if (sent) headers.set('Authorization', `Bearer ${sent}`);
    const res = await fetch(path, { ...init, headers });
    if (res.status !== 401) return res;
    // Another request may have got a new token while this one was on its way.
    const now = await source.current();
    if (now && now !== sent) continue;
    const token = source === dialogTokens ? await dialogTokens.renewAfter(sent !== undefined) : await source.renew();
    if (!token || token === sent) return res;
  }
}

/** The service's error body, or a bare ApiError when the answer is not ours (a proxy's page). */
export async function toApiError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as ErrorBody;
    if (body && body.success === false && typeof body.message === 'string') return new ApiError(res.status, body);
  } catch {
    // not JSON
  }
  return new ApiError(res.status);
}

export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const res = await apiFetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}

export async function getJson<T>(path: string): Promise<T> {
  const res = await apiFetch(path, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}
