import type { z } from 'zod';
import { AppError, type FieldError } from './errors.js';

/** Field names people reach for, and the contract's name for each. */
const FIELD_ALIASES: Readonly<Record<string, string>> = {
  suppliername: 'supplier',
  suppliercode: 'supplier',
  pricingnumber: 'pricingNo',
  pricingcode: 'pricingNo',
  partnumber: 'partNo',
  partcode: 'partNo',
  page: 'current',
  pageno: 'current',
  pagenum: 'current',
  pagenumber: 'current',
  pageindex: 'current',
  size: 'pageSize',
  limit: 'pageSize',
  perpage: 'pageSize',
  q: 'keyword',
  search: 'keyword',
  keywords: 'keyword',
  orderby: 'sort',
  sorter: 'sort',
};

/** Parses `input` with `schema`, or throws VALIDATION_ERROR naming every offending field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // One message per field: the last issue wins (a schema's own bound comes after zod's built-in ones).
  const byPath = new Map<string, string>();
  for (const issue of result.error.issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeysAt(schema, issue.path);
      for (const key of issue.keys) byPath.set(base ? `${base}.${key}` : key, unknownFieldMessage(key, known));
    } else {
      byPath.set(base, issue.message);
    }
  }
  const errors: FieldError[] = [...byPath].map(([path, message]) => ({ path, message }));
  throw new AppError('VALIDATION_ERROR', undefined, errors);
}

function unknownFieldMessage(key: string, known: readonly string[]): string {
  const suggestion = closestField(key, known);
  return suggestion
    ? `不允许的字段；是否应为 "${suggestion}"？`
    : `不允许的字段${known.length > 0 ? `；可用的字段：${known.join('、')}` : ''}`;
}

/** The known field an unknown one most likely meant: a common alias, else a close spelling. */
export function closestField(key: string, known: readonly string[]): string | undefined {
  const alias = FIELD_ALIASES[key.toLowerCase().replace(/[_-]/g, '')];
  if (alias && known.includes(alias)) return alias;
  let best: { field: string; distance: number } | undefined;
  for (const field of known) {
    const distance = editDistance(key.toLowerCase(), field.toLowerCase());
    if (!best || distance < best.distance) best = { field, distance };
  }
  // Only a slip of the keyboard: one edit (two in a long name). `currency` is two edits from
  // `current` and means something else entirely: it gets the list of fields instead.
  return best && best.distance <= (key.length >= 12 ? 2 : 1) ? best.field : undefined;
}

/** Edits between a and b: insertions, deletions, substitutions and swaps of neighbours (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

interface SchemaDef {
  type?: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  keyType?: { options?: readonly unknown[] };
}

/** The field names an object (or an enum-keyed record) at `path` of `schema` accepts. */
function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth <= path.length;) {
    const def = current._zod.def as SchemaDef;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else if (depth === path.length) {
      if (def.shape) return Object.keys(def.shape);
      return (def.keyType?.options ?? []).map(String);
    } else {
      current = def.shape?.[String(path[depth])];
      depth++;
    }
  }
  return [];
}
