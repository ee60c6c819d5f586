import type { Context } from 'koa';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { TOOL_ANNOTATIONS, type Tool } from './tools.js';

/**
 * The MCP server at POST /api/mcp, stateless: each HTTP request gets a server and a Streamable
 * HTTP transport of its own, answered as JSON and then dropped, so any instance behind the
 * balancer answers any request. A tool call is its operation's own HTTP request, made inside the
 * process (`call`): the same validation, roles, query deadline, errors, audit, request log and
 * metrics as over HTTP, and never an export (it asks for JSON).
 */

/** An operation's answer to a tool call: its HTTP status and JSON body. */
export interface OperationAnswer {
  status: number;
  body: unknown;
}

/** Who asked: the MCP request's token, id and address, carried to the operation's request. */
export interface Asker {
  authorization: string | undefined;
  requestId: string;
  ip: string;
}

export type CallOperation = (tool: Tool, args: Record<string, unknown>, asker: Asker) => Promise<OperationAnswer>;

const INSTRUCTIONS =
  '核价查询服务（只读）：零件的有效价格与费用构成、BOM 批量核价、待审核报价与上次批准价的对比、供应商对比、二次加工（电镀、热处理等）参考价、汇率。' +
  '金额为精确的十进制数，四舍五入到 4 位小数；折算的金额注明汇率与日期。列表默认每页 20 条，用 current 翻页。' +
  'Read-only pricing data of a manufacturer: prices in force and cost breakdowns, BOM costing, pending quotes against the last approved price, supplier comparison, secondary-process reference prices, exchange rates.';

export async function answerMcp(ctx: Context, tools: readonly Tool[], call: CallOperation): Promise<void> {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const server = new Server(
    { name: 'pricing-query-service', title: '核价查询服务', version: '1.0.0' },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      outputSchema: t.outputSchema,
      annotations: { title: t.title, ...TOOL_ANNOTATIONS },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `没有名为 ${request.params.name} 的工具（tools/list 列出全部）`);
    const args = request.params.arguments ?? {};
    const asker = { authorization: ctx.get('Authorization') || undefined, requestId: String(ctx.state.requestId), ip: ctx.ip };
    return toolResult(tool, args, await call(tool, args, asker));
  });

  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(asWebRequest(ctx), { parsedBody: ctx.request.body });
    ctx.status = response.status;
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') ctx.set(name, value);
    });
    const text = await response.text();
    if (text !== '') ctx.body = text;
  } finally {
    await server.close();
  }
}

/** The Koa request as the transport reads it: its method, URL and headers (the body is already parsed). */
function asWebRequest(ctx: Context): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return new Request(new URL(ctx.originalUrl, 'http://localhost'), { method: ctx.method, headers });
}

interface ErrorBody {
  code?: string;
  message?: string;
  errors?: { path: string; message: string }[];
}

/**
 * The operation's answer as a tool result: its data as the structured content with a Chinese
 * summary; an error as a tool error carrying the contract's code, message and the fields at fault.
 */
function toolResult(tool: Tool, args: Record<string, unknown>, answer: OperationAnswer): CallToolResult {
  const body = (answer.body ?? {}) as Record<string, unknown>;
  if (answer.status === 200 && body.success === true) {
    const { success: _success, ...rest } = body;
    const structured = (tool.listed ? rest : body.data) as Record<string, unknown>;
    return { content: [{ type: 'text', text: tool.summarize(body, args) }], structuredContent: structured };
  }
  const error = body as ErrorBody;
  const fields = (error.errors ?? []).map((e) => `${e.path || '（请求体）'}：${e.message}`);
  const text = [`${error.message ?? `请求失败（HTTP ${answer.status}）`}（${error.code ?? answer.status}）`, ...fields].join('\n');
  return { isError: true, content: [{ type: 'text', text }] };
}
