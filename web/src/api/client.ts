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

  /** The message with each invalid field (VALIDATION_ERROR), for a toast. */
  describe(): string {
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
 * fetch with the session's Bearer token. On 401 it asks for a token (API_TOKENS is set on the
 * service), keeps it for the session and sends the request again; cancelling returns the 401.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  for (;;) {
    const sent = currentToken();
    const headers = new Headers(init.headers);
    if (sent) headers.set('Authorization', `Bearer ${sent}`);
    const res = await fetch(path, { ...init, headers });
    if (res.status !== 401) return res;
    // Another request may have got a new token while this one was on its way.
    const now = currentToken();
    if (now && now !== sent) continue;
    const token = await askForToken(sent !== undefined);
    if (!token) return res;
    rememberToken(token);
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
