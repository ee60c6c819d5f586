import { useCallback, useEffect, useState } from 'react';
import { failureText, type ApiError } from '../../api/client';

/** One request's answer as a card shows it: still loading, the data, or why not (and asking again). */
export type Answer<T> = { loading: true } | { loading: false; data: T } | { loading: false; error: ApiError | Error; retry: () => void };

/**
 * The answer of `call(args)`, asked again whenever `args` change (compared by their JSON), or when
 * a failed one is retried. `args` null: nothing to ask (an id that is no pricing's). Each card waits
 * for its own answer, so a slow or failed one never holds the others back.
 */
export function useAnswer<A, T>(call: (args: A) => Promise<T>, args: A | null): Answer<T> {
  const [attempt, setAttempt] = useState(0);
  const key = args === null ? null : `${attempt} ${JSON.stringify(args)}`;
  // The answer is kept with the key it answers, so a change of key reads as loading at once.
  const [state, setState] = useState<{ key: string; answer: Answer<T> } | null>(null);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    call(JSON.parse(key.slice(key.indexOf(' ') + 1)) as A).then(
      (data) => live && setState({ key, answer: { loading: false, data } }),
      (error: Error) => live && setState({ key, answer: { loading: false, error, retry } }),
    );
    return () => {
      live = false;
    };
  }, [call, key, retry]);

  return state !== null && state.key === key ? state.answer : { loading: true };
}

/** What a card says when its request failed: the service's own words where it answered. */
export function failure(error: ApiError | Error): string {
  return failureText(error);
}
