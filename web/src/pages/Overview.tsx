import { ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Badge, Button, Card, Space, Table, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { failureText } from '../api/client';
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
  const [stats, setStats] = useState<{ rows: Stat[]; generatedAt?: string; loading: boolean }>({ rows: [], loading: true });

  const runCheck = useCallback(() => {
    setCheck({ busy: true });
    void checkDatabase().then((result) => setCheck({ busy: false, result }));
  }, []);

  // Sets the answer only: the first load starts as loading, and 刷新 says so before it asks.
  const fetchStats = useCallback(() => {
    getTableStats().then(
      (body) => setStats({ rows: body.data, generatedAt: body.generatedAt, loading: false }),
      (err: unknown) => {
        setStats({ rows: [], loading: false });
        message.error(`数据表统计加载失败：${failureText(err)}`);
      },
    );
  }, [message]);
  const reloadStats = () => {
    setStats((was) => ({ ...was, loading: true }));
    fetchStats();
  };

  useEffect(() => {
    void checkDatabase().then((result) => setCheck({ busy: false, result }));
    fetchStats();
  }, [fetchStats]);

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
      <Card
        title="数据表统计"
        extra={
          <Tooltip title="刷新">
            <Button type="text" icon={<ReloadOutlined />} aria-label="刷新" onClick={reloadStats} />
          </Tooltip>
        }
      >
        <Table<Stat>
          rowKey="table"
          pagination={false}
          // On a phone the table scrolls sideways rather than break names and dates into pieces.
          scroll={{ x: 'max-content' }}
          loading={stats.loading}
          dataSource={stats.rows}
          columns={[
            // The count beside the table's name, so a phone shows both without scrolling.
            { title: '数据表', dataIndex: 'label' },
            { title: '行数', dataIndex: 'rowCount', align: 'right', render: (_, r) => r.rowCount.toLocaleString('zh-CN') },
            { title: '最近更新', dataIndex: 'lastUpdatedAt', render: (_, r) => formatDateTime(r.lastUpdatedAt) },
            { title: '表名', dataIndex: 'table', render: (_, r) => <Typography.Text code>{r.table}</Typography.Text> },
          ]}
          footer={stats.generatedAt ? () => `统计时间 ${formatDateTime(stats.generatedAt)}` : undefined}
        />
      </Card>
    </Space>
  );
}
