import { Form, Input, Modal, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { setTokenAsker } from '../api/client';

/**
 * The token dialog. When API_TOKENS is set the service answers 401; api/client.ts then calls the
 * asker installed here, keeps what the person enters for the browser session (sessionStorage)
 * and sends the request again as `Authorization: Bearer …`. A refused token asks again.
 */
export function TokenPrompt() {
  const [open, setOpen] = useState(false);
  const [rejected, setRejected] = useState(false);
  const [form] = Form.useForm<{ token: string }>();
  const resolver = useRef<((token: string | undefined) => void) | undefined>(undefined);
  const tokenField = useRef<InputRef>(null);

  useEffect(() => {
    setTokenAsker(
      (wasRejected) =>
        new Promise((resolve) => {
          resolver.current = resolve;
          setRejected(wasRejected);
          form.resetFields();
          setOpen(true);
        }),
    );
    return () => setTokenAsker(undefined);
  }, [form]);

  const finish = (token: string | undefined) => {
    setOpen(false);
    resolver.current?.(token);
    resolver.current = undefined;
  };

  return (
    <Modal
      title="请输入访问令牌"
      open={open}
      okText="确定"
      cancelText="取消"
      maskClosable={false}
      // The field takes the keyboard once the dialog has opened; antd gives it back on close.
      afterOpenChange={(opened) => opened && tokenField.current?.focus()}
      destroyOnHidden
      onOk={() =>
        // An empty field rejects: the form shows why, and the dialog stays open.
        void form.validateFields().then(
          (v) => finish(v.token.trim()),
          () => undefined,
        )
      }
      onCancel={() => finish(undefined)}
    >
      <Typography.Paragraph>
        {rejected ? '令牌无效或已失效，请重新输入。' : '服务已启用访问控制，请输入管理员提供的访问令牌（仅保存在本次浏览器会话中）。'}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => finish(v.token.trim())}>
        <Form.Item name="token" label="访问令牌" rules={[{ required: true, whitespace: true, message: '请输入访问令牌' }]}>
          <Input.Password ref={tokenField} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
