import { z } from 'zod';
import { MAX_BOM_BODY_BYTES } from '../schemas/requests.js';
import type { RouteRecord } from './records.js';

/** A JSON-RPC 2.0 message as MCP sends it; the MCP server reads the rest. */
const jsonRpcMessage = z.looseObject({
  jsonrpc: z.literal('2.0').describe('JSON-RPC 版本'),
  id: z.union([z.string(), z.number()]).optional().describe('请求的 id；通知没有'),
  method: z.string().optional().describe('如 initialize、tools/list、tools/call'),
  params: z.record(z.string(), z.unknown()).optional(),
});

/**
 * The Model Context Protocol server (docs/mcp.md): the read operations as tools for an AI
 * assistant, over Streamable HTTP, stateless. Not one of the six operations /api/info lists.
 */
export const MCP_ROUTE: RouteRecord = {
  method: 'post',
  path: '/mcp',
  access: 'read',
  // A tool call carries its operation's body: a BOM of 2,000 lines included.
  bodyBytes: MAX_BOM_BODY_BYTES,
  body: jsonRpcMessage,
  handler: (ctx, deps) => deps.mcp(ctx),
  doc: {
    operationId: 'mcp',
    tag: 'AI 助手',
    summary: 'MCP 服务器：查询操作作为 AI 助手的工具',
    description:
      'Model Context Protocol（2025-06-18）的 Streamable HTTP 传输，无状态（不保留会话，每个请求独立应答，回答为 application/json）。' +
      '请求头 Accept 须同时含 application/json 与 text/event-stream（MCP 客户端都这样发）。tools/list 列出每个查询操作一个工具，输入为该操作的请求体、输出为其 data；' +
      'tools/call 以同一个令牌、角色、限流、审计与请求日志执行该操作（从不导出文件），参数错误时返回 isError 的工具结果，写明契约的中文信息与字段。' +
      '带 Origin 请求头（浏览器页面）时只接受本机（localhost、127.0.0.0/8、[::1]）或 CORS_ORIGINS 列出的来源，其他为 403 FORBIDDEN（防 DNS 重绑定）；MCP 客户端不发 Origin。详见 docs/mcp.md。',
    body: {
      id: 'McpMessage',
      about: 'JSON-RPC 2.0 消息：initialize、notifications/initialized、tools/list、tools/call 等',
      description: 'MCP 的 JSON-RPC 消息',
      example: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'pricing', arguments: { partNo: 'P-100217', pageSize: 5 } } },
    },
    response: {
      description: 'JSON-RPC 应答（通知为 202，无正文）',
      json: z
        .looseObject({
          jsonrpc: z.literal('2.0'),
          id: z.union([z.string(), z.number()]).nullable(),
          result: z.unknown().optional(),
          error: z.unknown().optional(),
        })
        .meta({ id: 'McpResponse' }),
    },
    errors: [],
  },
};
