import { Checkbox, Pagination, Spin } from 'antd';
import type { ReactNode } from 'react';

/**
 * A row as a phone shows it. `title` is the row's link when it has one (the whole card then opens
 * it); `fields` are label and value, each value marked with the row field it shows.
 */
export interface ListCard {
  title: ReactNode;
  linked?: boolean;
  fields: { field: string; label: string; value: ReactNode }[];
}

/** The row the person came back to: marked until they query again. */
export const FOCUS_CLASS = 'list-row-focus';

// A card's link covers the card, so a tap anywhere opens it; its checkbox sits above that.
const STYLE = `.list-cards { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.list-card { position: relative; border: 1px solid #d9d9d9; border-radius: 8px; padding: 12px; background: #fff; }
.list-card.${FOCUS_CLASS} { background: #fff7e6; border-color: #d46b08; }
.list-card-head { display: flex; align-items: center; gap: 8px; margin-bottom: 8px; font-weight: 600; }
.list-card-head .ant-checkbox-wrapper { position: relative; z-index: 1; }
.list-card-linked .list-card-title a::after { content: ''; position: absolute; inset: 0; border-radius: 8px; }
.list-card-linked:active { background: #f5f5f5; }
.list-card dl { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 4px 12px; margin: 0; }
.list-card dl > div { display: contents; }
.list-card dt { color: #595959; white-space: nowrap; }
.list-card dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.list-cards-pagination { display: flex; justify-content: flex-end; margin-top: 12px; }`;

export interface ListPaging {
  current: number;
  pageSize: number;
  total: number;
  onChange: (current: number, pageSize: number) => void;
}

interface ListCardsProps<Row extends { id: number }> {
  label: string;
  rows: readonly Row[];
  loading: boolean;
  pagination: ListPaging;
  card: (row: Row) => ListCard;
  empty: ReactNode;
  focusRow: number | undefined;
  selection?: { label: (row: Row) => string; isSelected: (row: Row) => boolean; toggle: (row: Row, on: boolean) => void };
}

/** A phone's list: a card a row, with the list's paging (so the address and the request follow it). */
export function ListCards<Row extends { id: number }>({
  label,
  rows,
  loading,
  pagination,
  card,
  empty,
  focusRow,
  selection,
}: ListCardsProps<Row>) {
  return (
    <Spin spinning={loading}>
      <style>{STYLE}</style>
      {rows.length === 0 ? (
        <div style={{ padding: '24px 0' }}>{loading ? null : empty}</div>
      ) : (
        <ul className="list-cards" aria-label={label}>
          {rows.map((row) => {
            const c = card(row);
            const classes = ['list-card', c.linked ? 'list-card-linked' : '', row.id === focusRow ? FOCUS_CLASS : ''];
            return (
              <li key={row.id} className={classes.filter(Boolean).join(' ')} data-row-key={row.id}>
                <div className="list-card-head">
                  {selection && (
                    <Checkbox
                      checked={selection.isSelected(row)}
                      onChange={(e) => selection.toggle(row, e.target.checked)}
                      aria-label={`选择 ${selection.label(row)}`}
                    />
                  )}
                  <span className="list-card-title">{c.title}</span>
                </div>
                <dl>
                  {c.fields.map((f) => (
                    <div key={f.field}>
                      <dt>{f.label}</dt>
                      <dd data-field={f.field}>{f.value}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
      {pagination.total > 0 && (
        <div className="list-cards-pagination">
          <Pagination
            size="small"
            simple
            current={pagination.current}
            pageSize={pagination.pageSize}
            total={pagination.total}
            showTotal={(total) => `共 ${total} 条`}
            onChange={pagination.onChange}
          />
        </div>
      )}
    </Spin>
  );
}
