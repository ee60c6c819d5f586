import { DatePicker, Input, InputNumber, Select, Space, type FormItemProps } from 'antd';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';

/**
 * A field of a list's search form: a filter of the operation, or a range field of the list's spec
 * (sent as its two filters). `input` is the control; the form gives it `id`, `value` and `onChange`.
 */
export interface ListFilter {
  name: string;
  label: string;
  /** The label's ⓘ: what the filter means when its name alone does not say. */
  tooltip?: string;
  input: ReactElement;
  rules?: FormItemProps['rules'];
}

const DAY = 'YYYY-MM-DD';
const FULL_WIDTH = { width: '100%' } as const;

export const textFilter = (name: string, label: string, placeholder = '请输入'): ListFilter => ({
  name,
  label,
  input: <Input placeholder={placeholder} allowClear />,
});

/** Any of several codes (statuses, categories), by their names. */
export function choiceFilter(name: string, label: string, names: Record<string, { text: string }>, placeholder: string): ListFilter {
  const options = Object.entries(names).map(([value, { text }]) => ({ value, label: text }));
  // Typed names find their options (待审核, 电镀), not the codes behind them.
  return { name, label, input: <Select mode="multiple" allowClear placeholder={placeholder} options={options} optionFilterProp="label" /> };
}

/** A number; a rate typed in per cent (the spec's `percents` turns it into the rate sent). */
export const numberFilter = (
  name: string,
  label: string,
  props: { percent?: boolean; min?: number; placeholder?: string },
): ListFilter => ({
  name,
  label,
  input: (
    <InputNumber
      style={FULL_WIDTH}
      min={props.min}
      placeholder={props.placeholder ?? '请输入'}
      {...(props.percent ? { suffix: '%', precision: 2 } : {})}
    />
  ),
});

interface RangeProps<T> {
  id?: string;
  value?: readonly [T | undefined, T | undefined];
  onChange?: (value: [T | undefined, T | undefined] | undefined) => void;
}

/** From and to, either may be left open. */
function NumberRange({ id, value, onChange }: RangeProps<number>) {
  const [from, to] = value ?? [];
  const set = (next: [number | undefined, number | undefined]) => onChange?.(next.every((v) => v === undefined) ? undefined : next);
  const end = (v: number | string | null) => (typeof v === 'number' ? v : undefined);
  return (
    <Space.Compact style={FULL_WIDTH}>
      <InputNumber id={id} style={FULL_WIDTH} min={0} placeholder="最低" value={from} onChange={(v) => set([end(v), to])} />
      <InputNumber style={FULL_WIDTH} min={0} placeholder="最高" value={to} onChange={(v) => set([from, end(v)])} aria-label="最高" />
    </Space.Compact>
  );
}

export const numberRangeFilter = (name: string, label: string): ListFilter => ({ name, label, input: <NumberRange /> });

/** Days as the API has them (`YYYY-MM-DD`), in the form's value as in the address. */
function DayRange({ id, value, onChange, open }: RangeProps<string> & { open: boolean }) {
  const [from, to] = value ?? [];
  return (
    <DatePicker.RangePicker
      id={id}
      style={FULL_WIDTH}
      allowEmpty={[open, open]}
      placeholder={open ? ['起', '止'] : ['开始日期', '结束日期']}
      value={from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null}
      onChange={(days) => onChange?.(days ? [days[0]?.format(DAY), days[1]?.format(DAY)] : undefined)}
    />
  );
}

/** A range of days; `open`: either end may be left out. */
export const dayRangeFilter = (name: string, label: string, open = false): ListFilter => ({ name, label, input: <DayRange open={open} /> });

function Day({
  id,
  value,
  onChange,
  placeholder,
}: {
  id?: string;
  value?: string;
  onChange?: (day?: string) => void;
  placeholder: string;
}) {
  return (
    <DatePicker
      id={id}
      style={FULL_WIDTH}
      placeholder={placeholder}
      value={value ? dayjs(value) : null}
      onChange={(day) => onChange?.(day ? day.format(DAY) : undefined)}
    />
  );
}

export const dayFilter = (name: string, label: string, placeholder: string): ListFilter => ({
  name,
  label,
  input: <Day placeholder={placeholder} />,
});

/** 失效日期, the `validToFrom` / `validToTo` filter of both lists (工作台's 已过期 link gives only its end). */
export const validToFilter = (): ListFilter => dayRangeFilter('validToRange', '失效日期', true);
