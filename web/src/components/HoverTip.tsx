import { Tooltip } from 'antd';
import { useState, type HTMLAttributes, type ReactNode } from 'react';

/**
 * Text with a tooltip that is made when first wanted: the pointer on it, or the keyboard's focus
 * (it is focusable). A list draws one a row, and antd's Tooltip, a trigger with observers of its
 * own, made for every row would hold back the first rows.
 */
export function HoverTip({ title, children, ...span }: { title: ReactNode; children: ReactNode } & HTMLAttributes<HTMLSpanElement>) {
  const [wanted, setWanted] = useState(false);
  const body = (
    <span tabIndex={0} {...span} onMouseEnter={() => setWanted(true)} onFocus={() => setWanted(true)}>
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
