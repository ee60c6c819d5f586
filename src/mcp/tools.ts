import { z } from 'zod';
import { MAX_PAGE_SIZE, toSortKeys } from '../schemas/common.js';
import { patternOf, type DocumentedRoute } from '../routes/records.js';

/**
 * The MCP tools, derived from the route records: each read operation whose record carries `tool`
 * is one tool, named by its path, its input the operation's request schema and its output the
 * answer's, both as JSON Schema. A tool call is that operation's request (src/mcp/server.ts).
 */

export interface Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  method: 'get' | 'post';
  /** The operation's path under /api, as a request names it. */
  path: string;
  /** The answer's `data` is a list: the structured answer is the body's data with its total and page. */
  listed: boolean;
  summarize: (answer: Record<string, unknown>, args: Record<string, unknown>) => string;
}

type JsonSchema = { type: 'object'; [key: string]: unknown };

/** Read-only, the same answer for the same question, and only the company's own tables. */
export const TOOL_ANNOTATIONS = { readOnlyHint: true, idempotentHint: true, openWorldHint: false, destructiveHint: false } as const;

/** /query/pricing → pricing; /stats/tables → stats-tables. */
export function toolName(record: Pick<DocumentedRoute, 'path'>): string {
  return record.path
    .replace(/^\/query\//, '')
    .replace(/^\//, '')
    .replaceAll('/', '-');
}

/** JSON Schema draft 7, as MCP clients validate it (Ajv's default), without the dialect line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return { ...rest, type: 'object' };
}

const NO_ARGUMENTS: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };

export function toolsOf(records: readonly DocumentedRoute[]): Tool[] {
  return records.flatMap((record): Tool[] => {
    if (!record.tool) return [];
    const answer = record.doc.response.json;
    if (!(answer instanceof z.ZodObject)) throw new Error(`${record.path}: a tool's answer must be a JSON object schema`);
    const data = (answer.shape as Record<string, z.ZodType>).data;
    const listed = data instanceof z.ZodArray;
    return [
      {
        name: toolName(record),
        title: record.doc.summary ?? record.info ?? toolName(record),
        description: record.tool.description,
        inputSchema: record.body ? jsonSchema(record.body, 'input') : NO_ARGUMENTS,
        // A list's data is an array and MCP's structured content an object: the body without `success`.
        outputSchema: jsonSchema(listed ? answer.omit({ success: true }) : data!, 'output'),
        method: record.method,
        path: patternOf(record),
        listed,
        summarize: summarizer(record, listed),
      },
    ];
  });
}

const ORDER = { ascend: '升序', descend: '倒序' } as const;

function summarizer(record: DocumentedRoute, listed: boolean): Tool['summarize'] {
  const own = record.tool?.summary as ((data: unknown, args: Record<string, unknown>) => string) | undefined;
  if (!listed) return (answer, args) => own?.(answer.data, args) ?? '已返回结果，见结构化内容。';
  return (answer, args) => {
    const total = Number(answer.total);
    const rows = (answer.data as unknown[]).length;
    const current = Number(answer.current ?? 1);
    const pageSize = Number(answer.pageSize ?? rows);
    const first = (current - 1) * pageSize + 1;
    const shown = rows === 0 ? '本页没有行' : first === 1 ? `显示前 ${rows} 条` : `显示第 ${first}–${first + rows - 1} 条`;
    const op = record.export;
    let order = '';
    if (op) {
      const keys = toSortKeys(args.sort as Record<string, 'ascend' | 'descend' | null> | undefined);
      const sort = keys.length > 0 ? keys : [op.sort.defaultSort];
      order = `；按${sort.map((k) => `${op.fields[k.field]?.label ?? k.field}${ORDER[k.order]}`).join('、')}`;
    }
    const more = first - 1 + rows < total ? `。要看后面的行，以 current=${current + 1}（每页 pageSize 条，最多 ${MAX_PAGE_SIZE}）再问` : '';
    return `共 ${total} 条，${shown}${order}${more}。`;
  };
}
