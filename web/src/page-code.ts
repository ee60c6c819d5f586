/** Each page's code (one chunk a page): imported by the routes, and by the entry for the address it opens. */
export const PAGE_CODE = {
  home: () => import('./pages/Home'),
  pricingList: () => import('./pages/PricingList'),
  pricingDetail: () => import('./pages/PricingDetail'),
  secondaryProcessList: () => import('./pages/SecondaryProcessList'),
  bomPrice: () => import('./pages/BomPrice'),
  overview: () => import('./pages/Overview'),
};

const BY_PATH: [RegExp, keyof typeof PAGE_CODE][] = [
  [/^\/$/, 'home'],
  [/^\/pricing\/?$/, 'pricingList'],
  [/^\/pricing\/[^/]+\/?$/, 'pricingDetail'],
  [/^\/secondary-process\/?$/, 'secondaryProcessList'],
  [/^\/bom\/?$/, 'bomPrice'],
  [/^\/overview\/?$/, 'overview'],
];

/**
 * Starts loading the code of the page at `pathname` (if any), so it downloads alongside the app's
 * own code. A failure is left to the route, which imports it again and says so.
 */
export function preloadPage(pathname: string): void {
  const hit = BY_PATH.find(([path]) => path.test(pathname));
  if (hit) PAGE_CODE[hit[1]]().catch(() => undefined);
}
