import { AppError } from '../http/errors.js';

/** Seconds a caller refused for EXPORTS_BUSY is asked to wait (an export of the demo data takes well under one). */
export const EXPORT_RETRY_AFTER_SECONDS = 5;

/**
 * EXPORT_MAX_CONCURRENT: how many exports may be generated at once. Each one costs CPU on the one
 * event loop, so beyond a few the probes and every other request would wait behind them; the
 * excess gets 503 EXPORTS_BUSY with Retry-After at once instead of queueing. One caller holds at
 * most half of the slots (rounded up), so a single client, however slowly it reads, cannot take
 * them all.
 */
export class ExportSlots {
  private running = 0;
  private readonly byCaller = new Map<string, number>();
  readonly maxPerCaller: number;

  constructor(readonly max: number) {
    this.maxPerCaller = Math.ceil(max / 2);
  }

  get inUse(): number {
    return this.running;
  }

  /** Takes a slot for `caller` or throws EXPORTS_BUSY; the returned function gives it back (once). */
  take(caller: string): () => void {
    const held = this.byCaller.get(caller) ?? 0;
    if (this.running >= this.max || held >= this.maxPerCaller) {
      throw new AppError('EXPORTS_BUSY', undefined, undefined, { 'Retry-After': String(EXPORT_RETRY_AFTER_SECONDS) });
    }
    this.running += 1;
    this.byCaller.set(caller, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      const left = (this.byCaller.get(caller) ?? 1) - 1;
      if (left > 0) this.byCaller.set(caller, left);
      else this.byCaller.delete(caller);
    };
  }
}
