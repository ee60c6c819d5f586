import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Space, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { viewSearch, type ListSpec } from '../list-query';
import type { ColumnsMap } from './list-columns';

/** A view the page offers: its name and its filters and sort as the address has them (worked out when applied: "today" moves). */
export interface ListView {
  name: string;
  search: () => string;
}

/** A view a person saved: filters and sort, and the columns as they had them. */
interface SavedView {
  name: string;
  search: string;
  columns?: ColumnsMap;
}

function readViews(storageKey: string): SavedView[] {
  try {
    const views = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as unknown;
    return Array.isArray(views) ? (views as SavedView[]).filter((v) => typeof v?.name === 'string' && typeof v.search === 'string') : [];
  } catch {
    return [];
  }
}

function writeViews(storageKey: string, views: SavedView[]): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(views));
  } catch {
    // storage full or refused: the view holds until the page is left
  }
}

interface Props {
  /** Where the person's views are kept (localStorage). */
  storageKey: string;
  builtIn: readonly ListView[];
  spec: ListSpec;
  /** The list's address now (its query), to mark the view it shows. */
  search: string;
  columns: ColumnsMap;
  /** Shows a view: its filters and sort (page 1), and its columns when it has them. */
  onApply: (search: string, columns?: ColumnsMap) => void;
}

/**
 * 视图 above a list: 全部, the page's own views (which cannot be deleted) and the person's, saved in
 * this browser with the filters, the sort and the visible columns. The one the list shows is pressed.
 */
export function ListViews({ storageKey, builtIn, spec, search, columns, onApply }: Props) {
  const { message, modal } = App.useApp();
  const [saved, setSaved] = useState(() => readViews(storageKey));
  const [naming, setNaming] = useState(false);
  // The dialog is made when first opened (its styles too), then kept for its closing animation.
  const [named, setNamed] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  // The dialog's field takes the keyboard once it has opened; antd gives it back to 另存为视图 on close.
  const nameField = useRef<InputRef>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const shown = viewSearch(search, spec);
  const all: ListView[] = [{ name: '全部', search: () => '' }, ...builtIn];

  const keep = (views: SavedView[]) => {
    setSaved(views);
    writeViews(storageKey, views);
  };
  const save = ({ name }: { name: string }) => {
    const trimmed = name.trim();
    const view: SavedView = { name: trimmed, search: shown, columns };
    const replaced = saved.some((v) => v.name === trimmed);
    keep(replaced ? saved.map((v) => (v.name === trimmed ? view : v)) : [...saved, view]);
    setNaming(false);
    message.success(replaced ? `已更新视图「${trimmed}」` : `已保存视图「${trimmed}」`);
  };
  const remove = (view: SavedView) => {
    modal.confirm({
      title: `删除视图「${view.name}」？`,
      content: '只删除这个视图，不影响当前的查询条件。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      // The safe choice first; a deleted view's × is gone, so the keyboard goes on at 另存为视图.
      autoFocusButton: 'cancel',
      onOk: () => keep(saved.filter((v) => v.name !== view.name)),
      afterClose: () => {
        if (!document.activeElement || document.activeElement === document.body) saveButton.current?.focus();
      },
    });
  };

  const pressed = (viewQuery: string) => viewSearch(viewQuery, spec) === shown;
  return (
    <div
      role="group"
      aria-label="视图"
      data-testid="list-views"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 8,
        padding: '12px 24px',
        marginBottom: 16,
        background: '#fff',
        borderRadius: 8,
      }}
    >
      <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>视图：</span>
      {all.map((view) => {
        const on = pressed(view.search());
        return (
          <Button key={view.name} size="small" type={on ? 'primary' : 'default'} aria-pressed={on} onClick={() => onApply(view.search())}>
            {view.name}
          </Button>
        );
      })}
      {saved.map((view) => {
        const on = pressed(view.search);
        return (
          <Space.Compact key={view.name} size="small">
            <Button type={on ? 'primary' : 'default'} aria-pressed={on} onClick={() => onApply(view.search, view.columns)}>
              {view.name}
            </Button>
            <Button
              type={on ? 'primary' : 'default'}
              icon={<CloseOutlined />}
              aria-label={`删除视图 ${view.name}`}
              onClick={() => remove(view)}
            />
          </Space.Compact>
        );
      })}
      <Button
        ref={saveButton}
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => {
          form.resetFields();
          setNaming(true);
          setNamed(true);
        }}
      >
        另存为视图
      </Button>
      {named && (
        <Modal
          title="另存为视图"
          open={naming}
          okText="保存"
          cancelText="取消"
          onOk={() => form.submit()}
          onCancel={() => setNaming(false)}
          afterOpenChange={(open) => open && nameField.current?.focus()}
          destroyOnHidden
        >
          <p style={{ color: 'rgba(0, 0, 0, 0.65)' }}>保存当前的查询条件、排序和显示的列，只保存在本浏览器中。</p>
          <Form form={form} layout="vertical" onFinish={save} preserve={false}>
            <Form.Item
              name="name"
              label="视图名称"
              rules={[
                { required: true, whitespace: true, message: '请输入视图名称' },
                { max: 20, message: '视图名称最多 20 个字' },
                {
                  validator: (_, value: string | undefined) =>
                    all.some((v) => v.name === value?.trim())
                      ? Promise.reject(new Error('与系统视图同名，请换一个名称'))
                      : Promise.resolve(),
                },
              ]}
              extra={saved.length > 0 ? '与已有视图同名时将覆盖该视图' : undefined}
            >
              <Input ref={nameField} placeholder="如：S0052 本月待审核" />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </div>
  );
}
