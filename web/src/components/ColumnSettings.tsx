import { PushpinFilled, PushpinOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { pinned as isPinned, type ColumnState, type ColumnsMap, type ListColumn } from './list-columns';

interface Props {
  columns: readonly Pick<ListColumn<unknown>, 'key' | 'title' | 'fixed'>[];
  map: ColumnsMap;
  onChange: (map: ColumnsMap) => void;
  onReset: () => void;
}

const STYLE = `.column-settings-head { display: flex; justify-content: space-between; align-items: center; gap: 24px; padding-bottom: 4px; border-bottom: 1px solid #f0f0f0; }
.column-settings ul { list-style: none; margin: 4px 0 0; padding: 0; max-height: 360px; overflow-y: auto; }
.column-settings li { display: flex; justify-content: space-between; align-items: center; gap: 16px; }`;

/** 列设置: each column shown or hidden, pinned left or not; 重置 goes back to the list's own. */
export function ColumnSettings({ columns, map, onChange, onReset }: Props) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  /** Escape closes it and gives the keyboard back to 列设置. */
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const set = (key: string, change: ColumnState) => onChange({ ...map, [key]: { ...map[key], ...change } });
  const content = (
    // Escape closes it, as a menu would: the focus is inside it from the moment it opens.
    <div className="column-settings" ref={list} onKeyDown={(e) => e.key === 'Escape' && close()}>
      <style>{STYLE}</style>
      <div className="column-settings-head">
        <span>列展示</span>
        <Button type="link" size="small" onClick={onReset}>
          重置
        </Button>
      </div>
      <ul>
        {columns.map((c) => {
          const pinned = isPinned(c, map);
          return (
            <li key={c.key}>
              <Checkbox checked={map[c.key]?.show !== false} onChange={(e) => set(c.key, { show: e.target.checked })}>
                {c.title}
              </Checkbox>
              <Tooltip title={pinned ? '取消固定' : '固定在左侧'}>
                <Button
                  type="text"
                  size="small"
                  aria-label={`${pinned ? '取消固定' : '固定在左侧'} ${c.title}`}
                  aria-pressed={pinned}
                  icon={pinned ? <PushpinFilled /> : <PushpinOutlined />}
                  onClick={() => set(c.key, { fixed: pinned ? false : 'left' })}
                />
              </Tooltip>
            </li>
          );
        })}
      </ul>
    </div>
  );
  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      afterOpenChange={(opened) => opened && list.current?.querySelector<HTMLElement>('li input')?.focus()}
    >
      <Tooltip title="列设置">
        <Button ref={button} type="text" icon={<SettingOutlined />} aria-label="列设置" aria-expanded={open} />
      </Tooltip>
    </Popover>
  );
}
