import { Button, Dropdown, Tooltip, type ButtonProps, type MenuProps } from 'antd';
import { useRef, useState } from 'react';

/**
 * A button that opens a menu (行高, a phone's 菜单): the menu takes the keyboard when it opens
 * (arrows, Enter), and a choice or Escape gives it back to the button, not to the page's top.
 */
export function MenuButton({ menu, tooltip, ...button }: { menu: MenuProps; tooltip?: string } & ButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Closed while the keyboard is in the menu (Escape): back to the button. Closed by a click
  // elsewhere: the click puts the focus where it lands.
  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next && document.activeElement?.closest('.ant-dropdown')) ref.current?.focus();
  };
  // A choice closes the menu, by mouse or by Enter alike. The Enter goes no further: on the button,
  // which has the focus by then, it would open the menu again.
  const chosen: MenuProps['onClick'] = (info) => {
    info.domEvent.preventDefault();
    menu.onClick?.(info);
    setOpen(false);
    ref.current?.focus();
  };
  const trigger = <Button ref={ref} {...button} />;
  return (
    <Dropdown trigger={['click']} autoFocus open={open} onOpenChange={openChange} menu={{ ...menu, onClick: chosen }}>
      {tooltip ? <Tooltip title={tooltip}>{trigger}</Tooltip> : trigger}
    </Dropdown>
  );
}
