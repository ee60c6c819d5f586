import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler, type To } from 'react-router';

/**
 * A link that looks like a button: antd renders a Button with `href` as an `<a>`, so there is one
 * element, a link (a button inside a link is two interactive elements, which screen readers and
 * keyboards handle badly). The router's click handler keeps navigation in the page, and a
 * ctrl/middle click still opens a new tab.
 */
export function ButtonLink({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: To }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return <Button {...props} href={href} onClick={onClick} />;
}
