import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { describeDbError } from '../db/errors.js';
import { routedRead, serverOf } from '../db/replica.js';
import { callerKey } from '../http/caller-key.js';
import { AppError } from '../http/errors.js';
import { onResponseDone } from '../http/response-done.js';
import { countTotal } from '../queries/freshness/count-cache.js';
import type { SortKey } from '../queries/paging/sort.js';
import type { QueryDeps } from '../queries/deps.js';
import { exportColumns } from './columns.js';
import { conditionRows } from './conditions.js';
import { writeCsv } from './csv.js';
import { EXPORT_MEDIA_TYPES, type ExportFormat } from './format.js';
import { keysetRows } from './keyset.js';
import type { ExportOperation } from './operations.js';
import { fileStamp } from '../time-zone.js';
import type { ExportSlots } from './slots.js';
import { loadExcelJs, writeXlsx } from './xlsx.js';

export interface ExportDeps {
  /** EXPORT_MAX_ROWS. */
  maxRows: number;
  logger: Logger;
  /** Rows per database query. */
  batchSize?: number;
  /** EXPORT_MAX_CONCURRENT (default: no cap, for tests that build their own deps). */
  slots?: ExportSlots;
}

export const DEFAULT_EXPORT_BATCH_SIZE = 1000;

/**
 * Answers a list operation with every matching row as a file. The count and the first batch run
 * before the response starts, so EXPORT_TOO_LARGE and a database that is down or too slow still
 * get the contract's JSON error; a failure after that can only cut the download short (logged).
 */
/** What an export is asked for: the list's filters and sort, and the columns to write (all when absent). */
export interface ExportRequest<Filters> {
  filters: Filters;
  sort: readonly SortKey[];
  columns?: readonly string[] | null;
}

export async function sendExport<Filters>(
  ctx: Context,
  deps: QueryDeps,
  exportDeps: ExportDeps,
  op: ExportOperation<Filters>,
  request: ExportRequest<Filters>,
  format: ExportFormat,
): Promise<void> {
  // Held from the count to the last byte (or the failure): the whole cost of one export.
  const release = exportDeps.slots?.take(callerKey(ctx)) ?? (() => {});
  try {
    // One read: on the replica when it is in use, its connection held until the last batch; a
    // failure before the first byte goes to the primary, one after it cuts the download short.
    await routedRead(deps, (d) => startExport(ctx, d, exportDeps, op, request, format, release), {
      holdUntil: (started) => started.written,
    });
  } catch (err) {
    release();
    throw err;
  }
}

async function startExport<Filters>(
  ctx: Context,
  deps: QueryDeps,
  exportDeps: ExportDeps,
  op: ExportOperation<Filters>,
  { filters, sort, columns: names }: ExportRequest<Filters>,
  format: ExportFormat,
  release: () => void,
): Promise<{ written: Promise<void> }> {
  const exportedAt = new Date();
  const total = await countTotal(deps, op.total(deps, filters));
  if (total > exportDeps.maxRows) {
    throw new AppError('EXPORT_TOO_LARGE', `导出行数 ${total} 超过上限 ${exportDeps.maxRows}，请缩小查询范围`);
  }

  const source = keysetRows<Record<string, unknown>, Filters>(deps, op, op.filtered(deps, filters), sort, {
    batchSize: exportDeps.batchSize ?? DEFAULT_EXPORT_BATCH_SIZE,
    maxRows: exportDeps.maxRows,
  });
  const rows = await startedEarly(source);
  if (format === 'xlsx') await loadExcelJs();

  const stamp = fileStamp(exportedAt, deps.timeZone);
  ctx.attachment(`${op.title}-${stamp}.${format}`, { fallback: `${op.asciiTitle}-${stamp}.${format}` });
  ctx.type = format === 'csv' ? `${EXPORT_MEDIA_TYPES.csv}; charset=utf-8` : EXPORT_MEDIA_TYPES.xlsx;
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Total-Count', String(total));

  const out = new PassThrough();
  ctx.body = out;
  onResponseDone(ctx, release); // a client that goes away frees the slot even if the writer lingers
  const columns = exportColumns(op.fields, names);
  const conditions = () =>
    conditionRows(op.filters, op.fields, { filters: filters as Record<string, unknown>, sort, exportedAt, rowCount: total }, deps.timeZone);
  const written =
    format === 'csv'
      ? writeCsv(rows, columns, out, { timeZone: deps.timeZone })
      : writeXlsx(rows, columns, out, { sheetName: op.title, timeZone: deps.timeZone, conditions: conditions() });

  const log = { requestId: ctx.state.requestId as unknown, export: op.asciiTitle, format, rows: total, server: serverOf(deps.db) };
  written.then(
    () => {
      release();
      exportDeps.logger.debug(log, 'export finished');
    },
    (err: unknown) => {
      release();
      // A client that went away ends the writer with a stream's own error; a batch that failed
      // (the database lost mid-export) with the driver's, even after the response was torn down.
      const code = (err as { code?: unknown } | undefined)?.code;
      const clientWentAway = code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ERR_STREAM_DESTROYED';
      if (clientWentAway && ctx.res.destroyed && !ctx.res.writableFinished) {
        exportDeps.logger.info(log, 'export cancelled: the client went away');
      } else {
        // Headers are out: the only honest signal left is to cut the response short.
        const cause = describeDbError(err)?.cause;
        const why =
          log.server === 'replica' && cause
            ? `: the read replica was lost (${cause}); rows already sent cannot be sent again from the primary`
            : '';
        exportDeps.logger.error({ ...log, cause, err }, `export failed after the response started${why}`);
      }
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    },
  );
  return { written };
}

/**
 * Runs the generator up to its first row now (the first database batch), so that its errors are
 * thrown before the response starts; the result replays that row and then the rest.
 */
async function startedEarly<T>(source: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await source.next();
  async function* replay(): AsyncGenerator<T> {
    try {
      if (first.done) return;
      yield first.value;
      yield* source;
    } finally {
      await source.return(undefined);
    }
  }
  return replay();
}
