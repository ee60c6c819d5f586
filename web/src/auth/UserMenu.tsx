import { UserOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from './session';

/** The signed-in person's name and 退出登录, in the header (nothing with the token dialog). */
export function UserMenu() {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  if (session.mode !== 'oidc') return null;
  return (
    <Space size="middle" data-testid="user-menu" style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text style={{ color: '#fff' }}>
        <UserOutlined aria-hidden /> <span data-testid="user-name">{session.name}</span>
      </Typography.Text>
      <Button
        ghost
        size="small"
        loading={busy}
        onClick={() => {
          setBusy(true);
          void session.signOut().finally(() => setBusy(false));
        }}
      >
        退出登录
      </Button>
    </Space>
  );
}
