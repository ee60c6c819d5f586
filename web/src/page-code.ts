/** Each page's code (one chunk a page): imported by its route, and by the entry for the address it opens. */
const LOADERS = {
  home: () => import('./pages/Home'),
  pricingList: () => import('./pages/PricingList'),
  pricingDetail: () => import('./pages/PricingDetail'),
  secondaryProcessList: () => import('./pages/SecondaryProcessList'),
  bomPrice: () => import('./pages/BomPrice'),
  exchangeRates: () => import('./pages/ExchangeRates'),
  overview: () => import('./pages/Overview'),
};
export type Page = keyof typeof LOADERS;

const BY_PATH: [RegExp, Page][] = [
  [/^\/$/, 'home'],
  [/^\/pricing\/?$/, 'pricingList'],
  [/^\/pricing\/[^/]+\/?$/, 'pricingDetail'],
  [/^\/secondary-process\/?$/, 'secondaryProcessList'],
  [/^\/bom\/?$/, 'bomPrice'],
  [/^\/exchange-rates\/?$/, 'exchangeRates'],
  [/^\/overview\/?$/, 'overview'],
];

/** The entry's import of the opened page, until its route takes it. */
const early: Partial<Record<Page, Promise<unknown>>> = {};

/** The opened page's code once the entry's import of it has come. */
const arrived: Partial<Record<Page, unknown>> = {};

/**
 * Starts loading the code of the page at `pathname` (if any), so it downloads alongside the app's
 * own code; resolves once it has come or failed. A failure is left to the route, which gets this
 * same import (a failed one is not asked again).
 */
export function preloadPage(pathname: string): Promise<void> {
  const page = BY_PATH.find(([path]) => path.test(pathname))?.[1];
  if (!page) return Promise.resolve();
  const loading = LOADERS[page]();
  early[page] = loading;
  return loading.then(
    (module) => void (arrived[page] = module),
    () => undefined,
  );
}

/**
 * The opened page's code if it has come: its route then draws the page in the app's first render,
 * where React.lazy would suspend once, draw the spinner and draw the page again in slices.
 */
export function arrivedPage<P extends Page>(page: P): Awaited<ReturnType<(typeof LOADERS)[P]>> | undefined {
  return arrived[page] as Awaited<ReturnType<(typeof LOADERS)[P]>> | undefined;
}

/** A page's code for its route: the entry's import when there is one, else a new one. */
export function pageCode<P extends Page>(page: P): ReturnType<(typeof LOADERS)[P]> {
  const loading = early[page] ?? LOADERS[page]();
  delete early[page];
  return loading as ReturnType<(typeof LOADERS)[P]>;
}
