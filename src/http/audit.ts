import type { Context, Next } from 'koa';
import type { Logger } from '../logger.js';
import { requestedExportFormat, type ExportFormat } from '../export/format.js';
import type { AuthRefusal, Caller } from './auth.js';
import { routeOf } from './request-log.js';
import { onResponseDone } from './response-done.js';

/**
 * The audit trail: one line per export, per 403 and per refused token, on its own logger
 * (`"name":"audit"` on every line) so that operators can route it to their SIEM apart from the
 * request log. Each line says who (subject, name, issuer or static token id), what (route,
 * filters, format, rows), the outcome, the request id and the client address. Never the token:
 * a refused JWT is described by its unverified issuer and subject only.
 */

interface ExportNote {
  format: ExportFormat;
  filters: unknown;
}

/** The route's note that this request is an export (routes/queries.ts), for the audit line. */
export function noteExport(ctx: Context, format: ExportFormat, filters: unknown): void {
  ctx.state.auditExport = { format, filters } satisfies ExportNote;
}

function who(caller: Caller | undefined): Record<string, unknown> {
  if (!caller) return { via: 'none' };
  return {
    via: caller.via,
    subject: caller.subject,
    name: caller.name ?? null,
    ...(caller.issuer !== undefined ? { issuer: caller.issuer } : {}),
    ...(caller.tokenId !== undefined ? { tokenId: caller.tokenId } : {}),
    roles: caller.roles,
  };
}

export function auditTrail(logger: Logger) {
  // Kept at LOG_LEVEL=warn or error too (a quieter request log must not lose the trail); silent is silent.
  const level = logger.level === 'silent' || logger.levels.values[logger.level]! <= logger.levels.values.info! ? logger.level : 'info';
  const audit = logger.child({ name: 'audit' }, { level });
  return async function recordAudit(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
    } finally {
      onResponseDone(ctx, (aborted) => {
        const code = ctx.state.errorCode as string | undefined;
        const refusal = ctx.state.authRefusal as AuthRefusal | undefined;
        const exported = ctx.state.auditExport as ExportNote | undefined;
        // Most requests write no audit line: nothing more to read then.
        if (!refusal && !exported && code !== 'FORBIDDEN') return;
        const base = { requestId: ctx.state.requestId as unknown, ip: ctx.ip, method: ctx.method, route: routeOf(ctx), path: ctx.path };
        const caller = ctx.state.caller as Caller | undefined;
        if (refusal) {
          const { via, reason, claimedIssuer, claimedSubject } = refusal;
          audit.warn(
            {
              ...base,
              event: 'token-refused',
              outcome: code ?? 'refused',
              status: ctx.status,
              who: { via, claimedIssuer, claimedSubject },
              reason,
            },
            'token refused',
          );
        } else if (code === 'FORBIDDEN') {
          audit.warn(
            { ...base, event: 'forbidden', outcome: 'denied', status: 403, who: who(caller), what: forbiddenWhat(ctx) },
            'forbidden',
          );
        } else if (exported) {
          const rows = Number(ctx.response.get('X-Total-Count')) || undefined;
          const outcome = code ? 'refused' : aborted ? 'incomplete' : 'completed';
          audit.info(
            {
              ...base,
              event: 'export',
              outcome,
              status: ctx.status,
              ...(code ? { code } : {}),
              who: who(caller),
              what: { filters: exported.filters, format: exported.format, ...(rows !== undefined ? { rows } : {}) },
            },
            'export',
          );
        }
      });
    }
  };
}

/** What a refused caller asked for: a page or a file (its filters were not read: the body is not parsed before the check). */
function forbiddenWhat(ctx: Context): Record<string, unknown> {
  return { format: requestedExportFormat(ctx) ?? 'json' };
}
