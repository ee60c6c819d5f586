import type { z } from 'zod';
import { AppError, type FieldError } from './errors.js';

/** Parses `input` with `schema`, or throws VALIDATION_ERROR naming every offending field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors.push({ path: base ? `${base}.${key}` : key, message: '不允许的字段' });
    } else {
      errors.push({ path: base, message: issue.message });
    }
  }
  throw new AppError('VALIDATION_ERROR', undefined, errors);
}
