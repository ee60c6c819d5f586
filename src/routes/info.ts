import { infoResponseSchema } from '../schemas/responses.js';
import type { RouteRecord } from './records.js';

/** The contract's service description: the six operations are the records with an `info` (src/routes/all.ts). */
export const INFO_ROUTE: RouteRecord = {
  method: 'get',
  path: '/info',
  access: 'open',
  info: '获取服务信息',
  handler: (ctx, deps) => {
    ctx.body = { success: true, message: 'React Template Backend API', version: '1.0.0', endpoints: deps.endpoints };
  },
  doc: {
    operationId: 'getInfo',
    tag: '运维',
    response: { description: '服务信息与六个操作', json: infoResponseSchema.meta({ id: 'InfoResponse' }) },
    errors: ['INTERNAL_ERROR'],
  },
};
