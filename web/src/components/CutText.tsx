import { Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';

const CUT = { display: 'block', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' } as const;

/**
 * The cell's text, cut with … to its width, and whole in a tooltip while the pointer rests on it if
 * cut: measured on hover only, as antd's own `ellipsis` tooltip would measure every cell as the rows
 * are drawn, a layout each, which holds back a list's first rows.
 */
export function CutText({ text, children }: { text: string; children: ReactNode }) {
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
