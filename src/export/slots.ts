import { AppError } from '../http/errors.js';

/** Seconds a caller refused for EXPORTS_BUSY is asked to wait (an export of the demo data takes well under one). */
export const EXPORT_RETRY_AFTER_SECONDS = 5;

/**
 * EXPORT_MAX_CONCURRENT: how many exports may be generated at once. Each one costs CPU on the one
 * event loop, so beyond a few the probes and every other request would wait behind them; the
 * excess gets 503 EXPORTS_BUSY with Retry-After at once instead of queueing.
 */
export class ExportSlots {
  private running = 0;

  constructor(readonly max: number) {}

  get inUse(): number {
    return this.running;
  }

  /** Takes a slot or throws EXPORTS_BUSY; the returned function gives it back (once). */
  take(): () => void {
    if (this.running >= this.max) {
      throw new AppError('EXPORTS_BUSY', undefined, undefined, { 'Retry-After': String(EXPORT_RETRY_AFTER_SECONDS) });
    }
    this.running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
    };
  }
}
