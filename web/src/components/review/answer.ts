import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';

/** One request's answer as a card shows it: still loading, the data, or why not. */
export type Answer<T> = { loading: true } | { loading: false; data: T } | { loading: false; error: ApiError | Error };

/**
 * The answer of `call(args)`, asked again whenever `args` change (compared by their JSON). `args`
 * null: nothing to ask (an id that is no pricing's). Each card waits for its own answer, so a slow
 * or failed one never holds the others back.
 */
export function useAnswer<A, T>(call: (args: A) => Promise<T>, args: A | null): Answer<T> {
  const key = args === null ? null : JSON.stringify(args);
  // The answer is kept with the key it answers, so a change of key reads as loading at once.
  const [state, setState] = useState<{ key: string; answer: Answer<T> } | null>(null);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    call(JSON.parse(key) as A).then(
      (data) => live && setState({ key, answer: { loading: false, data } }),
      (error: Error) => live && setState({ key, answer: { loading: false, error } }),
    );
    return () => {
      live = false;
    };
  }, [call, key]);

  return state !== null && state.key === key ? state.answer : { loading: true };
}

/** What a card says when its request failed: the service's own words where it answered. */
export function failure(error: ApiError | Error): string {
  return error instanceof ApiError ? error.describe() : `网络错误：${error.message}`;
}
