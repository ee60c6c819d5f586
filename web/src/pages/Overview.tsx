import { ProTable } from '@ant-design/pro-components';
import { Alert, App, Badge, Button, Card, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import { getTableStats, type TableStatsResponse } from '../api/services';
import { checkDatabase, type DbCheck } from '../db-check';
import { formatDateTime } from '../format';

type Stat = TableStatsResponse['data'][number];

interface CheckState {
  busy: boolean;
  result?: DbCheck;
}

/** 数据概况: the tables' row counts and the database check. */
export default function Overview() {
  const { message } = App.useApp();
  // Busy from the first render: the check starts on mount.
  const [check, setCheck] = useState<CheckState>({ busy: true });
  const [generatedAt, setGeneratedAt] = useState<string>();

  const runCheck = useCallback(() => {
    setCheck({ busy: true });
    void checkDatabase().then((result) => setCheck({ busy: false, result }));
  }, []);

  useEffect(() => {
    void checkDatabase().then((result) => setCheck({ busy: false, result }));
  }, []);

  const result = check.result;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={<h1 style={{ fontSize: 20, margin: 0 }}>数据库连接</h1>}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space size="large">
            {result === undefined ? (
              <Badge status="processing" text="检测中…" />
            ) : (
              <Badge status={result.ok ? 'success' : 'error'} text={result.text} data-testid="db-check" />
            )}
            <Button onClick={runCheck} loading={check.busy}>
              重新检测
            </Button>
          </Space>
          {result?.advice && (
            <div data-testid="db-advice">
              <Alert
                type="warning"
                showIcon
                message={result.advice}
                description={result.detail ? `服务的回答：${result.detail}` : undefined}
              />
            </div>
          )}
        </Space>
      </Card>
      <ProTable<Stat>
        headerTitle="数据表统计"
        rowKey="table"
        search={false}
        pagination={false}
        options={{ reload: true, density: false, setting: false }}
        columns={[
          { title: '数据表', dataIndex: 'label' },
          { title: '表名', dataIndex: 'table', render: (_, r) => <Typography.Text code>{r.table}</Typography.Text> },
          { title: '行数', dataIndex: 'rowCount', align: 'right', render: (_, r) => r.rowCount.toLocaleString('zh-CN') },
          { title: '最近更新', dataIndex: 'lastUpdatedAt', render: (_, r) => formatDateTime(r.lastUpdatedAt) },
        ]}
        request={async () => {
          try {
            const body = await getTableStats();
            setGeneratedAt(body.generatedAt);
            return { data: body.data, total: body.total, success: true };
          } catch (err) {
            message.error(err instanceof ApiError ? err.describe() : '加载失败：网络错误');
            return { data: [], success: false };
          }
        }}
        footer={() => (generatedAt ? `统计时间 ${formatDateTime(generatedAt)}` : '')}
      />
    </Space>
  );
}
