import { Empty, Spin, Table, type TableProps } from 'antd';
import type { CSSProperties, HTMLAttributes, Key, ReactNode } from 'react';
import { useNarrow } from './narrow';

/** What a card reads of a column: antd's column types, read loosely (their unions are costly to narrow). */
interface LooseColumn {
  key?: Key;
  title?: unknown;
  dataIndex?: string | number | readonly (string | number)[];
  children?: LooseColumn[];
  render?: (value: unknown, row: unknown, index: number) => unknown;
  onCell?: (row: unknown, index: number) => { colSpan?: number; rowSpan?: number; style?: CSSProperties } | undefined;
}

/** A column as a card shows it: its name (a group's name before it: 本条 金额) and how it draws a row's cell. */
interface Field {
  key: string;
  title: ReactNode;
  column: LooseColumn;
}

function fieldsOf(columns: readonly LooseColumn[], group?: ReactNode): Field[] {
  return columns.flatMap((c, i): Field[] => {
    const title = (typeof c.title === 'function' ? null : c.title) as ReactNode;
    if (c.children) return fieldsOf(c.children, title);
    const key = String(c.key ?? c.dataIndex ?? i);
    return [
      {
        key,
        title: group ? (
          <>
            {group} {title}
          </>
        ) : (
          title
        ),
        column: c,
      },
    ];
  });
}

function valueOf(column: LooseColumn, row: unknown): unknown {
  if (column.dataIndex === undefined) return undefined;
  const path = Array.isArray(column.dataIndex) ? column.dataIndex : [column.dataIndex];
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k as string | number], row);
}

// Label and value side by side, values (money) at the right edge so that a card's figures line up.
const STYLE = `.fit-rows { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.fit-row { border: 1px solid #f0f0f0; border-radius: 8px; padding: 8px 12px; }
.fit-row-head { font-weight: 600; margin-bottom: 4px; overflow-wrap: anywhere; }
.fit-row dl { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 2px 12px; margin: 0; }
.fit-row dl > div { display: contents; }
.fit-row dt { color: #595959; white-space: nowrap; }
.fit-row dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }`;

interface Props<T> extends TableProps<T> {
  /** On a phone, each row's heading; its other cells go under it, each with its column's name. */
  rowTitle: (row: T) => ReactNode;
  /** Columns the heading already says (left out under it). */
  inTitle?: readonly string[];
  'data-testid'?: string;
}

/**
 * A table on a wide screen; on a phone each row a card, its cells stacked under their names, so
 * that every figure (a line's 金额, a difference) is in sight without scrolling inside the card.
 * A cell a row does not draw (colSpan or rowSpan 0), or an empty one, is left out; one spanning
 * several columns is said under the first one's name.
 */
export function FitTable<T extends object>({ rowTitle, inTitle = [], ...table }: Props<T>) {
  const narrow = useNarrow();
  if (!narrow) return <Table<T> {...table} />;
  const rows = table.dataSource ?? [];
  const busy = typeof table.loading === 'object' ? table.loading.spinning : table.loading;
  if (busy && rows.length === 0) return <Spin style={{ display: 'block', margin: '16px auto' }} />;
  if (rows.length === 0) return <>{table.locale?.emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}</>;
  const fields = fieldsOf((table.columns ?? []) as readonly LooseColumn[]).filter((f) => !inTitle.includes(f.key));
  const keyOf = (row: T, i: number): Key =>
    typeof table.rowKey === 'function'
      ? table.rowKey(row, i)
      : (((row as Record<string, unknown>)[String(table.rowKey ?? 'key')] as Key) ?? i);
  return (
    <>
      <style>{STYLE}</style>
      <ul className="fit-rows" data-testid={table['data-testid']}>
        {rows.map((row, i) => {
          const own = (table.onRow?.(row, i) ?? {}) as HTMLAttributes<HTMLElement> & { style?: CSSProperties };
          return (
            <li key={keyOf(row, i)} className="fit-row" style={own.style} aria-current={own['aria-current']}>
              <div className="fit-row-head">{rowTitle(row)}</div>
              <dl>
                {fields.map(({ key, title, column }) => {
                  const cell = column.onCell?.(row, i) ?? {};
                  if (cell.colSpan === 0 || cell.rowSpan === 0) return null;
                  const value = valueOf(column, row);
                  const shown = (column.render ? column.render(value, row, i) : value) as ReactNode;
                  // What the row does not have (a table's -) takes no line of the card.
                  if (shown === null || shown === undefined || shown === '' || shown === '-') return null;
                  return (
                    <div key={key}>
                      <dt>{title}</dt>
                      <dd data-field={key} style={cell.style}>
                        {shown}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}
