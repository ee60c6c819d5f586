import type { ProColumns } from '@ant-design/pro-components';
import { Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';

const CUT = { display: 'block', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' } as const;

/** The cell's text, cut with … to its width, and whole in a tooltip while the pointer rests on it if cut. */
function CutText({ text, children }: { text: string; children: ReactNode }) {
  const [cut, setCut] = useState(false);
  const body = (
    <span style={CUT} onMouseEnter={(e) => setCut(e.currentTarget.scrollWidth > e.currentTarget.clientWidth)}>
      {children}
    </span>
  );
  return cut ? (
    <Tooltip title={text} defaultOpen>
      {body}
    </Tooltip>
  ) : (
    body
  );
}

/**
 * A text column whose long values end in … (the whole text on hover), measured on hover only:
 * ProTable's own `ellipsis: true` measures every cell as the rows are drawn, a layout each, which
 * holds back a list's first rows.
 */
export function cutColumn<Row extends Record<string, unknown>>(field: keyof Row & string): Pick<ProColumns<Row>, 'ellipsis' | 'render'> {
  return {
    ellipsis: { showTitle: false },
    render: (dom, row) => <CutText text={String(row[field] ?? '')}>{dom}</CutText>,
  };
}
