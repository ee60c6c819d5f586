import type Router from '@koa/router';
import type { Registry } from 'prom-client';

/** GET /api/metrics: Prometheus text format (behind API_TOKENS like every non-open route). */
export function metricsRoutes(router: Router, registry: Registry): void {
  router.get('/metrics', async (ctx) => {
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
}
