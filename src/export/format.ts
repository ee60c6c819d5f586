import type { Context } from 'koa';

/** The two export formats of the list operations, chosen by the request's Accept header. */
export const EXPORT_MEDIA_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export type ExportFormat = keyof typeof EXPORT_MEDIA_TYPES;

const JSON_TYPE = 'application/json';

/**
 * The export format the caller asked for, or null for the ordinary JSON page. Only an Accept that
 * names text/csv or the xlsx type itself counts: `*` `/` `*`, `text/*`, none or anything else stays
 * JSON (api.md), and so does a header that prefers JSON by quality.
 */
export function requestedExportFormat(ctx: Context): ExportFormat | null {
  const accept = ctx.get('Accept').toLowerCase();
  if (accept === '') return null;
  const best = ctx.accepts(JSON_TYPE, EXPORT_MEDIA_TYPES.csv, EXPORT_MEDIA_TYPES.xlsx);
  for (const [format, type] of Object.entries(EXPORT_MEDIA_TYPES) as [ExportFormat, string][]) {
    if (best === type && accept.includes(type)) return format;
  }
  return null;
}
