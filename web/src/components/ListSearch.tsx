import { FilterOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, type FormInstance } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import type { ListFilter } from './list-filters';

interface Props {
  filters: readonly ListFilter[];
  form: FormInstance;
  initialValues: Record<string, unknown>;
  /** A phone: the keyword only, until 筛选 opens the rest. */
  narrow: boolean;
  /** How many filters besides the keyword the list was asked with: said on 筛选 while the rest are folded. */
  folded: number;
  loading: boolean;
  /** The fields hold what was typed before a reload, not yet sent: said under them. */
  restored: boolean;
  /** A field changed (the list keeps what is typed for this tab). */
  onChange: () => void;
  onSubmit: (values: Record<string, unknown>) => void;
  onReset: () => void;
}

// The buttons end the last line of fields, or take a line of their own when it is full.
const STYLE = '.list-search-actions { display: flex; justify-content: flex-end; flex-wrap: wrap; gap: 8px; margin-bottom: 24px; }';

/**
 * Enter in any field runs the query, as it does in a text field by itself: a switch would toggle,
 * a closed choice list would open instead. An open list keeps Enter for choosing; a Chinese input
 * method's Enter (composing) stays the input method's.
 */
function enterRuns(e: KeyboardEvent<HTMLFormElement>, form: FormInstance): void {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const field = e.target as HTMLElement;
  const toggle = field.closest('[role="switch"]');
  const closedChoice =
    field.getAttribute('role') === 'combobox' && field.closest('.ant-select') && field.getAttribute('aria-expanded') !== 'true';
  if (!toggle && !closedChoice) return;
  e.preventDefault();
  e.stopPropagation();
  form.submit();
}

/**
 * A list's search form: every filter, four to a line from 1,200 px, 重置 and 查询 after them. The form
 * checks its fields' rules before 查询 sends anything (批量物料编码 has one: at most 1,000 codes), and
 * on a phone opens the folded fields when one of them is refused, so that its message is seen.
 */
export function ListSearch({ filters, form, initialValues, narrow, folded, loading, restored, onChange, onSubmit, onReset }: Props) {
  // Restored fields out of sight would be sent unseen: the form opens.
  const [open, setOpen] = useState(restored);
  const [pending, setPending] = useState(restored);
  const hidden = (f: ListFilter) => narrow && !open && f.name !== 'keyword';
  return (
    <Form
      form={form}
      initialValues={initialValues}
      onFinish={(values: Record<string, unknown>) => (setPending(false), onSubmit(values))}
      onValuesChange={onChange}
      onKeyDownCapture={(e) => enterRuns(e, form)}
      onFinishFailed={() => setOpen(true)}
      className="list-search"
      aria-label="查询条件"
    >
      <style>{STYLE}</style>
      <Row gutter={24}>
        {filters.map((f) => (
          // Folded fields stay in the form (and keep their values), only out of sight.
          <Col key={f.name} xs={24} md={12} lg={8} xl={6} style={hidden(f) ? { display: 'none' } : undefined}>
            <Form.Item name={f.name} label={f.label} tooltip={f.tooltip} rules={f.rules}>
              {f.input}
            </Form.Item>
          </Col>
        ))}
        <Col flex="auto" className="list-search-actions">
          {narrow && (
            <Button icon={<FilterOutlined />} aria-expanded={open} onClick={() => setOpen((was) => !was)}>
              {open ? '收起筛选' : folded > 0 ? `筛选（${folded}）` : '筛选'}
            </Button>
          )}
          {pending && (
            <span data-testid="form-restored" style={{ color: '#595959', marginInlineEnd: 'auto', alignSelf: 'center' }}>
              已恢复未提交的查询条件，点击“查询”生效
            </span>
          )}
          <Button onClick={() => (setPending(false), onReset())}>重置</Button>
          <Button type="primary" htmlType="submit" loading={loading}>
            查询
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
