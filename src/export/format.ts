import type { Context } from 'koa';

/** The two export formats of the list operations, chosen by the request's Accept header. */
export const EXPORT_MEDIA_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export type ExportFormat = keyof typeof EXPORT_MEDIA_TYPES;

const JSON_TYPE = 'application/json';

/**
 * The export format the caller asked for, or null for the ordinary JSON page. Koa's ctx.accepts()
 * parses the Accept header (media-type parameters such as `; charset=utf-8`, q-values, q=0 as
 * "not acceptable") and lists its media types best first; the first of them that is JSON, an export
 * type or a wildcard decides. So only a header that names text/csv or the xlsx type itself, ahead of
 * JSON, exports: `*` `/` `*`, `text/*`, none or anything else stays JSON (api.md).
 */
export function requestedExportFormat(ctx: Context): ExportFormat | null {
  if (ctx.get('Accept') === '') return null;
  for (const mediaType of ctx.accepts()) {
    const type = mediaType.toLowerCase();
    if (type === EXPORT_MEDIA_TYPES.csv) return 'csv';
    if (type === EXPORT_MEDIA_TYPES.xlsx) return 'xlsx';
    if (type === JSON_TYPE || type.includes('*')) return null;
  }
  return null;
}
