import { PassThrough, type Writable } from 'node:stream';
import type { Context } from 'koa';
import { callerKey } from '../http/caller-key.js';
import { onResponseDone } from '../http/response-done.js';
import { fileStamp } from '../time-zone.js';
import { EXPORT_MEDIA_TYPES, type ExportFormat } from './format.js';
import type { ExportDeps } from './send.js';
import { loadExcelJs } from './xlsx.js';

/** The file's name: `<title>-<part>-<stamp>.<format>`, with an ASCII fallback for clients that do not read RFC 5987 names. */
export interface InHandFile {
  title: string;
  asciiTitle: string;
  /** What the file is of, in its name (the BOM's day, a part number); none: title and stamp only. */
  about?: string;
  /** X-Total-Count. */
  rows: number;
}

/**
 * An answer already in hand (the priced BOM, a supplier comparison) as a CSV or xlsx download,
 * with the list exports' headers and under the same per-caller export slots.
 */
export async function sendInHand(
  ctx: Context,
  timeZone: string,
  exportDeps: ExportDeps,
  file: InHandFile,
  format: ExportFormat,
  write: (out: Writable) => Promise<void>,
): Promise<void> {
  const release = exportDeps.slots?.take(callerKey(ctx)) ?? (() => {});
  try {
    if (format === 'xlsx') await loadExcelJs();
    const stamp = fileStamp(new Date(), timeZone);
    const about = file.about ? `-${file.about}` : '';
    const asciiAbout = file.about && /^[\x20-\x7e]+$/.test(file.about) ? about : '';
    ctx.attachment(`${file.title}${about}-${stamp}.${format}`, { fallback: `${file.asciiTitle}${asciiAbout}-${stamp}.${format}` });
    ctx.type = format === 'csv' ? `${EXPORT_MEDIA_TYPES.csv}; charset=utf-8` : EXPORT_MEDIA_TYPES.xlsx;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Total-Count', String(file.rows));
    const out = new PassThrough();
    ctx.body = out;
    onResponseDone(ctx, release);
    write(out).then(release, (err: unknown) => {
      release();
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  } catch (err) {
    release();
    throw err;
  }
}
