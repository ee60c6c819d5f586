import { z } from 'zod';

/**
 * Validation messages a person can act on, all in Chinese: what was expected and what arrived.
 * zod's zh-CN locale stays underneath for the issues this does not word itself.
 */

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '布尔值（true/false）',
  array: '数组',
  object: '对象',
  record: '对象',
  date: '日期',
  null: 'null',
  undefined: '缺失',
};

/** A received value as the message quotes it: its type in Chinese, and short values themselves. */
function received(input: unknown): string {
  if (input === null) return '空值 null';
  if (input === undefined) return '缺失';
  if (Array.isArray(input)) return '数组';
  if (typeof input === 'string') return `字符串 ${quoted(input)}`;
  if (typeof input === 'number') return `数字 ${input}`;
  if (typeof input === 'boolean') return `布尔值 ${input}`;
  if (typeof input === 'object') return '对象';
  return typeof input;
}

function quoted(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

type Issue = z.core.$ZodRawIssue;

/** For a date field whatever arrived: the form YYYY-MM-DD and the value. */
export function dateMessage(input: unknown): string {
  return typeof input === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input)
    ? `没有这一天：收到的是 ${quoted(input)}（格式 YYYY-MM-DD）`
    : `日期应为 YYYY-MM-DD 格式，如 2026-01-31，收到的是${received(input)}`;
}

function message(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return `应为${TYPE_NAMES[issue.expected] ?? issue.expected}，收到的是${received(issue.input)}`;
    case 'invalid_format':
      return issue.format === 'date' ? dateMessage(issue.input) : undefined;
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue);
    case 'invalid_value':
      return `应为以下之一：${issue.values.map((v) => JSON.stringify(v)).join('、')}，收到的是${received(issue.input)}`;
    default:
      return undefined;
  }
}

function sizeMessage(issue: Issue & { code: 'too_small' | 'too_big' }): string | undefined {
  const small = issue.code === 'too_small';
  const bound = small ? issue.minimum : issue.maximum;
  const inclusive = issue.inclusive !== false;
  const input = issue.input;
  if (issue.origin === 'string' && typeof input === 'string') {
    return `${small ? '至少' : '最多'} ${bound} 个字符，收到的有 ${input.length} 个`;
  }
  if (issue.origin === 'array' && Array.isArray(input)) return `${small ? '至少' : '最多'} ${bound} 项，收到的有 ${input.length} 项`;
  if (issue.origin === 'number' || issue.origin === 'int') {
    const relation = small ? (inclusive ? '不小于' : '大于') : inclusive ? '不大于' : '小于';
    return `应${relation} ${bound}，收到的是 ${String(input)}`;
  }
  return undefined;
}

z.config({ ...z.locales.zhCN(), customError: message });
