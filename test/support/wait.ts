type Falsy = false | 0 | '' | null | undefined;

export interface WaitOptions {
  /** What is awaited, for the failure message ("the slot to come back"); a function to add the state seen last. */
  what: string | (() => string);
  /** The overall deadline (default 10 s): generous, since a condition that holds ends the wait at once. */
  timeoutMs?: number;
  /** Between two looks (default 20 ms). */
  intervalMs?: number;
}

/**
 * Waits for a condition, never for a time: looks at `condition` every `intervalMs` until it gives
 * something truthy, and hands that back; fails naming `what` once `timeoutMs` has passed. An error
 * thrown by the condition fails the wait at once.
 */
export async function waitFor<T>(condition: () => T | Promise<T>, options: WaitOptions): Promise<Exclude<T, Falsy>> {
  const { what, timeoutMs = 10_000, intervalMs = 20 } = options;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as Exclude<T, Falsy>;
    if (performance.now() >= deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs)); // the interval between looks
  }
}
