import {
  EXCHANGE_RATE_FILTER_TITLES,
  EXCHANGE_RATE_ROW_LABELS,
  PRICING_FILTER_TITLES,
  PRICING_ROW_LABELS,
  SECONDARY_PROCESS_FILTER_TITLES,
  SECONDARY_PROCESS_ROW_LABELS,
} from './fields';
import type { components } from './schema';

/** The contract's error body (every 4xx/5xx). */
export type ErrorBody = components['schemas']['ErrorBody'];

/** Request fields every operation may have, and those of the operations without a list's filters. */
const COMMON_TITLES: Readonly<Record<string, string>> = {
  current: '页码',
  pageSize: '每页条数',
  sort: '排序',
  columns: '导出列',
  pricingId: '核价记录',
  pricingNo: PRICING_ROW_LABELS.pricingNo,
  partNo: PRICING_ROW_LABELS.partNo,
  basePricingId: '对比基准',
  pricingIds: '所选核价',
  lines: 'BOM 行',
  quantity: '数量',
  on: '日期',
};

/** The Chinese name of each request field of an operation (its path): filters by their OpenAPI title, sort keys by the row's labels. */
function titlesFor(path: string | undefined): Readonly<Record<string, string>> {
  if (path === '/api/query/pricing') return { ...PRICING_ROW_LABELS, ...COMMON_TITLES, ...PRICING_FILTER_TITLES };
  if (path?.startsWith('/api/query/secondary-process'))
    return { ...SECONDARY_PROCESS_ROW_LABELS, ...COMMON_TITLES, ...SECONDARY_PROCESS_FILTER_TITLES };
  if (path === '/api/query/bom-price')
    return { ...COMMON_TITLES, on: '计价日', rule: '计价规则', suppliers: '优先供应商', reportCurrency: '折算币种', rates: '假设汇率' };
  if (path === '/api/query/exchange-rates') return { ...EXCHANGE_RATE_ROW_LABELS, ...COMMON_TITLES, ...EXCHANGE_RATE_FILTER_TITLES };
  return { ...PRICING_ROW_LABELS, ...COMMON_TITLES };
}

/** A field path as people read it: `partNos.3` is 批量物料编码第 4 项, `lines.2.quantity` is BOM 行第 3 行 数量. */
export function fieldPathText(path: string, titles: Readonly<Record<string, string>>): string {
  const parts = path.split('.').filter(Boolean);
  return parts
    .map((part, i) => {
      if (/^\d+$/.test(part)) return `第 ${Number(part) + 1} ${parts[i - 1] === 'lines' ? '行' : '项'}`;
      return (Object.hasOwn(titles, part) && titles[part]) || part;
    })
    .join(' ');
}

/** The service's message with the field names it quotes (`pricedTo 不能早于 pricedFrom`) in Chinese. */
function inChinese(message: string, titles: Readonly<Record<string, string>>): string {
  // The spaces around a quoted name go with it: Chinese words are not set apart by spaces.
  return message.replace(/ ?\b([a-z][A-Za-z]*)\b ?/g, (text, word: string) => (Object.hasOwn(titles, word) && titles[word]) || text);
}

/** A failed call: HTTP status plus the service's own body when it sent one, and the operation's path. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body?: ErrorBody,
    readonly path?: string,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** A valid sign-in without the role the operation needs (403 FORBIDDEN). */
  get forbidden(): boolean {
    return this.status === 403 && (this.body?.code as string | undefined) === 'FORBIDDEN';
  }

  /** The message with each invalid field (VALIDATION_ERROR) by its Chinese name, for a toast. */
  describe(): string {
    if (this.forbidden) return `${this.message}。如需开通，请联系系统管理员`;
    const titles = titlesFor(this.path);
    const fields = this.body?.errors?.map((e) => `${fieldPathText(e.path, titles)}：${inChinese(e.message, titles)}`) ?? [];
    return [this.message, ...fields].join('；');
  }
}

/**
 * The service gave no answer: the request never reached it (the network is down, the service is
 * stopped or restarting). A proxy in front of it says the same with 502, 503 or 504 and a page of its own.
 */
export class ServiceUnreachable extends Error {
  override name = 'ServiceUnreachable';
}

/** Answers a proxy gives when the service behind it is down or too slow. */
const PROXY_STATUSES = new Set([502, 503, 504]);

/** Whether a failed call never got the service's own answer (so trying again later may work). */
export function isUnreachable(err: unknown): boolean {
  return err instanceof ServiceUnreachable || (err instanceof ApiError && err.body === undefined && PROXY_STATUSES.has(err.status));
}

/** What the page says, in a line, when the service cannot be reached. */
export const UNREACHABLE_TEXT = '服务暂时无法连接，可能是网络中断或服务正在重启，请稍后重试';

/** A failed call in a line: the service's own words, or that it could not be reached. */
export function failureText(err: unknown): string {
  if (isUnreachable(err)) return UNREACHABLE_TEXT;
  if (err instanceof ApiError) return err.describe();
  return `页面出错：${err instanceof Error ? err.message : String(err)}`;
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
 * With a sign-in's token source installed, a 401 renews the sign-in instead. `early` is an answer
 * to the same request sent before (postEarly): it stands for the first try.
 */
export async function apiFetch(path: string, init: RequestInit = {}, early?: EarlyAnswer): Promise<Response> {
  for (let first = early; ; first = undefined) {
    const source = tokenSource ?? dialogTokens;
    const sent = first ? first.sent : await source.current();
    const headers = new Headers(init.headers);
    if (sent) headers.set('Authorization', `Bearer ${sent}`);
    const res = first ? first.res : await send(path, { ...init, headers });
    if (res.status !== 401) return res;
    // Another request may have got a new token while this one was on its way.
    const now = await source.current();
    if (now && now !== sent) continue;
    const token = source === dialogTokens ? await dialogTokens.renewAfter(sent !== undefined) : await source.renew();
    if (!token || token === sent) return res;
  }
}

/** fetch, whose rejection (no answer at all) is a ServiceUnreachable; a cancelled request stays an AbortError. */
async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ServiceUnreachable(err instanceof Error ? err.message : String(err), { cause: err });
  }
}

/** The service's error body, or a bare ApiError when the answer is not ours (a proxy's page). */
export async function toApiError(res: Response, path?: string): Promise<ApiError> {
  try {
    const body = (await res.json()) as ErrorBody;
    if (body && body.success === false && typeof body.message === 'string') return new ApiError(res.status, body, path);
  } catch {
    // not JSON
  }
  return new ApiError(res.status, undefined, path);
}

const JSON_POST = { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' } };

/** An answer to a request sent before the page's code ran, the token it was sent with, and its body when it succeeded. */
interface EarlyAnswer {
  sent: string | undefined;
  res: Response;
  json?: unknown;
}

/** Questions the entry script asked before the page's code ran, by path and body: each answer is taken once. */
const early = new Map<string, Promise<EarlyAnswer | undefined>>();
/** Those of them answered with success by now, their bodies. */
const arrived = new Map<string, unknown>();

/**
 * Asks now what the page will ask once its code has loaded (first-request.ts), with
 * the session's token if any. The page's same request takes this answer as its own first try
 * (a 401 then asks for a token); a network failure it tries again itself.
 */
export function postEarly(path: string, body: unknown): void {
  const text = JSON.stringify(body);
  const key = `${path} ${text}`;
  const sent = currentToken();
  const headers = { ...JSON_POST.headers, ...(sent ? { Authorization: `Bearer ${sent}` } : {}) };
  const answer = fetch(path, { ...JSON_POST, headers, body: text }).then(async (res): Promise<EarlyAnswer> => {
    if (!res.ok) return { sent, res };
    const json: unknown = await res.json();
    if (early.has(key)) arrived.set(key, json);
    return { sent, res, json };
  });
  early.set(
    key,
    answer.catch(() => undefined),
  );
}

/**
 * The body of postEarly's answer to this request if it has come, with success, by now: a first
 * render need not wait for it. It stays (a render may be thrown away and done again) until
 * postJson takes it or forgetEarly drops it.
 */
export function arrivedAnswer<T>(path: string, body: unknown): T | undefined {
  return arrived.get(`${path} ${JSON.stringify(body)}`) as T | undefined;
}

/** The page has used the answer arrivedAnswer gave: the same request later asks the service again. */
export function forgetEarly(path: string, body: unknown): void {
  const key = `${path} ${JSON.stringify(body)}`;
  arrived.delete(key);
  early.delete(key);
}

export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const text = JSON.stringify(body);
  const key = `${path} ${text}`;
  const asked = early.get(key);
  early.delete(key);
  arrived.delete(key);
  const first = asked && (await asked);
  if (first?.json !== undefined) return first.json as T;
  const res = await apiFetch(path, { ...JSON_POST, body: text }, first);
  if (!res.ok) throw await toApiError(res, path);
  return (await res.json()) as T;
}

export async function getJson<T>(path: string): Promise<T> {
  const res = await apiFetch(path, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw await toApiError(res, path);
  return (await res.json()) as T;
}
