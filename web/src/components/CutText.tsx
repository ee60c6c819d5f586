import type { ReactNode } from 'react';
import { HoverTip } from './HoverTip';

const CUT = { display: 'block', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' } as const;
const isCut = (span: HTMLSpanElement) => span.scrollWidth > span.clientWidth;

/**
 * The cell's text, cut with … to its width, and whole in a tooltip while the pointer rests on it if
 * cut: measured on hover only, as antd's own `ellipsis` tooltip would measure every cell as the rows
 * are drawn, a layout each, which holds back a list's first rows.
 */
export function CutText({ text, children }: { text: string; children: ReactNode }) {
  return (
    <HoverTip title={text} when={isCut} style={CUT}>
      {children}
    </HoverTip>
  );
}
