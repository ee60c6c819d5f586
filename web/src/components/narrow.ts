import { useSyncExternalStore } from 'react';

/** antd's md breakpoint (screenMD): below it the page takes a phone's layout. */
const WIDE = '(min-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the window is narrower than antd's md breakpoint (`Grid.useBreakpoint().md === false`),
 * known at the first render: useBreakpoint learns it only once mounted, and renders all again.
 */
export function useNarrow(): boolean {
  // Without a window (the build renders pages to collect their styles) the wide layout.
  return useSyncExternalStore(
    subscribe,
    () => !window.matchMedia(WIDE).matches,
    () => false,
  );
}
