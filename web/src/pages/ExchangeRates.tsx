import { Alert, Button, Card, Select, Typography, type SelectProps, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { failureText, isUnreachable } from '../api/client';
import { EXCHANGE_RATE_ROW_LABELS as L, EXCHANGE_RATE_SORT_FIELDS } from '../api/fields';
import { EXCHANGE_RATES_PATH, queryExchangeRates, type ExchangeRateRow } from '../api/services';
import { useKnownCurrencies } from '../components/currencies';
import { FitTable } from '../components/FitTable';
import { Unreachable } from '../components/Unreachable';
import { dayFilter, dayRangeFilter } from '../components/list-filters';
import { ListTable, sorterBy, type ListCard, type ListColumn, type ListFilter } from '../components/ListTable';
import { EXCHANGE_RATE_LIST } from '../exchange-rate-list';
import { businessToday, formatDateTime, formatFxRate } from '../format';
import { MONEY_CELL } from '../money';

// Highest priority first; `sorter.multiple` follows the same order.
const sorter = sorterBy(EXCHANGE_RATE_SORT_FIELDS);

/** The latest row of a currency has no next one: it holds from its day on. */
const LATEST = '最新';

const columns: ListColumn<ExchangeRateRow>[] = [
  { key: 'currency', title: L.currency, sorter: sorter('currency'), width: 90 },
  {
    key: 'rateToCny',
    title: L.rateToCny,
    align: 'right',
    sorter: sorter('rateToCny'),
    cellStyle: MONEY_CELL,
    width: 190,
    render: (row) => formatFxRate(row.rateToCny),
  },
  { key: 'validFrom', title: L.validFrom, sorter: sorter('validFrom'), width: 130 },
  { key: 'nextValidFrom', title: L.nextValidFrom, width: 150, render: (row) => row.nextValidFrom ?? LATEST },
  { key: 'source', title: L.source, cut: true, width: 200 },
  { key: 'updatedAt', title: L.updatedAt, sorter: sorter('updatedAt'), width: 180, render: (row) => formatDateTime(row.updatedAt) },
  { key: 'id', title: L.id, align: 'right', width: 80 },
];

/** 币种: any of the currencies the table knows (the form gives it value and onChange). */
function CurrencySelect(props: SelectProps<string[]>) {
  const codes = useKnownCurrencies();
  return <Select mode="multiple" allowClear placeholder="任一币种" options={codes.map((c) => ({ value: c, label: c }))} {...props} />;
}

const filters: ListFilter[] = [
  { name: 'currency', label: L.currency, input: <CurrencySelect /> },
  dayRangeFilter('validFromRange', L.validFrom, true),
  dayFilter('on', '有效日', '该日有效的汇率'),
];

/** Columns hidden until switched on in the column settings. */
const HIDDEN_BY_DEFAULT = ['id'];

function rateCard(row: ExchangeRateRow): ListCard {
  return {
    title: `${row.currency} ${row.validFrom}`,
    fields: [
      { field: 'rateToCny', label: '汇率', value: formatFxRate(row.rateToCny) },
      { field: 'validFrom', label: L.validFrom, value: row.validFrom },
      { field: 'nextValidFrom', label: L.nextValidFrom, value: row.nextValidFrom ?? LATEST },
      { field: 'source', label: L.source, value: row.source ?? '-' },
    ],
  };
}

/** 汇率: today's rate of each currency, then the table's rows as a list. */
export default function ExchangeRates() {
  return (
    <>
      <TodayRates />
      <ListTable
        title="汇率列表"
        titleLevel={2}
        path={EXCHANGE_RATES_PATH}
        list={queryExchangeRates}
        spec={EXCHANGE_RATE_LIST}
        columns={columns}
        filters={filters}
        columnsKey="exchange-rate-list-columns"
        hiddenColumns={HIDDEN_BY_DEFAULT}
        card={rateCard}
        noun="汇率"
      />
    </>
  );
}

type Today = { state: 'busy' } | { state: 'done'; rows: ExchangeRateRow[] } | { state: 'failed'; message: string; unreachable: boolean };

const todayColumns: TableColumnsType<ExchangeRateRow> = [
  { title: L.currency, dataIndex: 'currency', width: 64 },
  {
    title: L.rateToCny,
    dataIndex: 'rateToCny',
    align: 'right',
    onCell: () => ({ style: MONEY_CELL }),
    render: (v: number) => formatFxRate(v),
  },
  { title: L.validFrom, dataIndex: 'validFrom', width: 110 },
  { title: L.source, dataIndex: 'source', render: (v: string | null) => v ?? '-' },
];

/** The rate in force today (APP_TIMEZONE) of each currency: what 批量核价 converts at when priced today. */
function TodayRates() {
  const [day] = useState(businessToday);
  const [today, setToday] = useState<Today>({ state: 'busy' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    queryExchangeRates({ on: day, pageSize: 200, sort: { currency: 'ascend' } }).then(
      (page) => live && setToday({ state: 'done', rows: page.data }),
      (err: unknown) => live && setToday({ state: 'failed', message: failureText(err), unreachable: isUnreachable(err) }),
    );
    return () => {
      live = false;
    };
  }, [day, attempt]);
  const retry = () => {
    setToday({ state: 'busy' });
    setAttempt((n) => n + 1);
  };
  return (
    <Card
      variant="borderless"
      style={{ marginBottom: 16 }}
      title={<h1 style={{ fontSize: 16, margin: 0 }}>今日汇率</h1>}
      extra={<Typography.Text type="secondary">{day}</Typography.Text>}
      data-testid="today-rates"
    >
      {today.state === 'failed' && today.unreachable ? (
        <Unreachable compact onRetry={retry} />
      ) : today.state === 'failed' ? (
        <Alert
          type="error"
          showIcon
          message="今日汇率读取失败"
          description={
            <>
              {today.message}
              <div style={{ marginTop: 8 }}>
                <Button size="small" onClick={retry}>
                  重试
                </Button>
              </div>
            </>
          }
        />
      ) : (
        <FitTable<ExchangeRateRow>
          rowKey="currency"
          rowTitle={(row) => row.currency}
          inTitle={['currency']}
          size="small"
          columns={todayColumns}
          dataSource={today.state === 'done' ? today.rows : []}
          loading={today.state === 'busy'}
          pagination={false}
          scroll={{ x: 'max-content' }}
          style={{ maxWidth: 640 }}
          locale={{ emptyText: <Typography.Text type="secondary">今日没有有效汇率</Typography.Text> }}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        每个币种取生效日期不晚于今天的最新一条；1 单位外币折合人民币。
      </Typography.Paragraph>
    </Card>
  );
}
