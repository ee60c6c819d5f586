import { DisconnectOutlined } from '@ant-design/icons';
import { Alert, Button, Result } from 'antd';
import { useEffect, useState } from 'react';

const TITLE = '服务暂时无法连接';
const ADVICE = '可能是网络中断，或服务正在重启。已填写的内容会保留，请稍后点“重试”；如果一直无法连接，请联系系统管理员。';

interface Props {
  /** Asks again; a promise keeps the button busy until it settles. */
  onRetry: () => unknown;
  /** Inside a card or beside other content: a box rather than the page's whole width. */
  compact?: boolean;
  /** The page's heading when it stands in place of the page (the page has no other). */
  heading?: boolean;
}

/**
 * 重试 asks again for every part of the page that could not reach the service, not only its own:
 * the clerk means "try the service again", and a page (汇率: 今日汇率 and the list) may show two.
 */
const retries = new EventTarget();

/**
 * What every page says when the service gave no answer (the network, a restart, a proxy's 502):
 * in Chinese, that nothing typed is lost, and 重试 in place of the browser's own error page.
 */
export function Unreachable({ onRetry, compact = false, heading = false }: Props) {
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const retry = () => {
      const done = onRetry();
      if (done instanceof Promise) {
        setBusy(true);
        void done.finally(() => setBusy(false));
      }
    };
    retries.addEventListener('retry', retry);
    return () => retries.removeEventListener('retry', retry);
  }, [onRetry]);
  const button = (
    <Button type="primary" loading={busy} onClick={() => retries.dispatchEvent(new Event('retry'))}>
      重试
    </Button>
  );
  if (compact) {
    return (
      <div role="alert" data-testid="unreachable">
        <Alert
          type="warning"
          showIcon
          icon={<DisconnectOutlined />}
          message={TITLE}
          // Under the words, not beside them: beside, a phone's card squeezes them into a column.
          description={
            <>
              {ADVICE}
              <div style={{ marginTop: 8 }}>{button}</div>
            </>
          }
        />
      </div>
    );
  }
  return (
    <div role="alert" data-testid="unreachable">
      <Result
        status="warning"
        icon={<DisconnectOutlined style={{ color: '#d46b08' }} />}
        title={heading ? <h1 style={{ font: 'inherit', margin: 0 }}>{TITLE}</h1> : TITLE}
        subTitle={ADVICE}
        extra={button}
      />
    </div>
  );
}
