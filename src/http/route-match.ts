import type Router from '@koa/router';
import type { Context } from 'koa';

/** What the router makes of a request's path and method. */
export interface RouteMatch {
  /** The pattern that will answer the request, or give its 405: what logs and audit call it. */
  pattern: string | undefined;
  /** The pattern of the route with the request's method, if there is one: its roles apply. */
  routed: string | undefined;
  /** Every pattern the path matches, whatever the method. */
  paths: ReadonlySet<string>;
}

const MATCH = Symbol('routeMatch');

/**
 * The router's own matching of a request (whatever it does with case and trailing slashes), so
 * that no check made before routing can disagree with the route that then answers. Worked out
 * once per request, however many checks ask.
 */
export function routeMatch(router: Router, ctx: Context): RouteMatch {
  const state = ctx.state as { [MATCH]?: RouteMatch };
  if (state[MATCH]) return state[MATCH];
  const matched = router.match(ctx.path, ctx.method);
  const last = matched.pathAndMethod.at(-1) ?? matched.path.at(-1);
  const routed = matched.pathAndMethod.find((layer) => layer.methods.length > 0);
  state[MATCH] = {
    pattern: typeof last?.path === 'string' ? last.path : undefined,
    routed: typeof routed?.path === 'string' ? routed.path : undefined,
    paths: new Set(matched.path.flatMap((layer) => (typeof layer.path === 'string' ? [layer.path] : []))),
  };
  return state[MATCH];
}
