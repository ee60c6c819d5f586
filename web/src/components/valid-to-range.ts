import type { ProColumns } from '@ant-design/pro-components';

/**
 * 失效日期, the `validToFrom` / `validToTo` filter of both lists: a range of days, either end may be
 * left open (工作台's 已过期 link gives only its end).
 */
export function validToRange<Row>(): ProColumns<Row> {
  return {
    title: '失效日期',
    dataIndex: 'validToRange',
    valueType: 'dateRange',
    hideInTable: true,
    fieldProps: { allowEmpty: [true, true], placeholder: ['起', '止'] },
    search: {
      transform: ([validToFrom, validToTo]: [string | undefined, string | undefined]) => ({
        ...(validToFrom ? { validToFrom } : {}),
        ...(validToTo ? { validToTo } : {}),
      }),
    },
  };
}
