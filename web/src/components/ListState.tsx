import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { Unreachable } from './Unreachable';

const BOX = { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8, padding: '24px 16px', textAlign: 'center' } as const;

/**
 * No row matches: says so in the list's words, and how to get rows (with 清空筛选 when there are
 * filters to clear), where the rows would be.
 */
export function ListEmpty({ noun, filtered, onClear }: { noun: string; filtered: boolean; onClear: () => void }) {
  return (
    <div style={BOX} data-testid="list-empty">
      <SearchOutlined style={{ fontSize: 32, color: '#8c8c8c' }} aria-hidden />
      <Typography.Text strong>{filtered ? `没有符合条件的${noun}` : `暂无${noun}`}</Typography.Text>
      {filtered && (
        <>
          <Typography.Text type="secondary">请调整或清空筛选条件后再查询</Typography.Text>
          <Button onClick={onClear}>清空筛选</Button>
        </>
      )}
    </div>
  );
}

/**
 * A failed list request: its message where the rows were, and 重新查询 (重试 when the service could
 * not be reached: the form keeps what was typed). Announced, as a toast would be.
 */
export function ListFailure({ message, unreachable, onRetry }: { message: string; unreachable: boolean; onRetry: () => void }) {
  if (unreachable) return <Unreachable onRetry={onRetry} />;
  return (
    <div style={BOX} role="alert" data-testid="list-failure">
      <CloseCircleFilled style={{ fontSize: 32, color: '#cf1322' }} aria-hidden />
      <Typography.Text strong>查询失败</Typography.Text>
      <Typography.Text style={{ maxWidth: 560, overflowWrap: 'anywhere' }}>{message}</Typography.Text>
      <Space>
        <Button onClick={onRetry}>重新查询</Button>
      </Space>
    </div>
  );
}
