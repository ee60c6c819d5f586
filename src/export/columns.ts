import type { Column, ValueKind } from '../queries/values.js';

/** One exported column: the row field, its Chinese header and how its value is typed. */
export interface ExportColumn {
  field: string;
  label: string;
  kind: ValueKind;
}

export function exportColumns(columns: readonly Column[], labels: Readonly<Record<string, string>>): ExportColumn[] {
  return columns.map((c) => ({ field: c.field, label: labels[c.field] ?? c.field, kind: c.kind }));
}
