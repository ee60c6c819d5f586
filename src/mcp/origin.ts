import { AppError } from '../http/errors.js';

/**
 * The MCP transport's rule against DNS rebinding: a page on another site, its name pointed at this
 * machine, would otherwise call the tools with the browser's access. A browser always names the
 * page's origin on a POST; an MCP client (not a browser) names none. So a request without Origin
 * passes, as does one from this machine (localhost, 127.0.0.0/8, [::1]: no rebinding page has such
 * an origin) or from an origin CORS_ORIGINS lets in (`*` lets any in); any other is refused.
 */
export function refuseForeignOrigin(origin: string | undefined, corsOrigins: readonly string[]): void {
  if (origin === undefined || origin === '' || corsOrigins.includes('*') || corsOrigins.includes(origin)) return;
  if (isLoopbackOrigin(origin)) return;
  throw new AppError('FORBIDDEN', '请求来源（Origin）不被允许：MCP 只接受没有 Origin 的客户端、本机页面或 CORS_ORIGINS 列出的来源');
}

function isLoopbackOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
}
