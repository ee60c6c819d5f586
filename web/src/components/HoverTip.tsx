import { Tooltip } from 'antd';
import { useState, type HTMLAttributes, type ReactNode } from 'react';

type Props = HTMLAttributes<HTMLSpanElement> & {
  title: ReactNode;
  children: ReactNode;
  /** Whether the tooltip has anything to add, asked each time the pointer or focus arrives. */
  when?: (span: HTMLSpanElement) => boolean;
};

/**
 * Text with a tooltip that is made when first wanted: the pointer on it, or the keyboard's focus
 * (give it `tabIndex` to be focusable). A list draws one a row, and antd's Tooltip, a trigger with
 * observers of its own, made for every row would hold back the first rows.
 */
export function HoverTip({ title, children, when = () => true, ...span }: Props) {
  const [wanted, setWanted] = useState(false);
  const body = (
    <span {...span} onMouseEnter={(e) => setWanted(when(e.currentTarget))} onFocus={(e) => setWanted(when(e.currentTarget))}>
      {children}
    </span>
  );
  return wanted ? (
    <Tooltip title={title} defaultOpen>
      {body}
    </Tooltip>
  ) : (
    body
  );
}
