import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { ApiError, failureText } from '../api/client';
import { useCanExport } from '../auth/session';
import { exportList, saveFile, type ExportFormat, type ExportPath } from '../api/services';

interface Props {
  path: ExportPath;
  /** The table's current filters and sort (what the last list request sent), or the BOM last priced. */
  query: () => object;
}

/**
 * 导出 CSV / Excel through the service's own export, with the file name it sends. Disabled, with
 * the reason on hover, for a signed-in person whose roles lack pricing.export.
 */
export function ExportButtons({ path, query }: Props) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<ExportFormat | undefined>();
  const allowed = useCanExport();

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const { blob, fileName } = await exportList(path, query(), format);
      saveFile(blob, fileName);
      message.success(`已导出 ${fileName}`);
    } catch (err) {
      // 403 FORBIDDEN says itself what is missing (无权导出：需要 pricing.export 角色) and whom to ask.
      if (err instanceof ApiError && err.forbidden) message.error(err.describe());
      else message.error(`导出失败：${failureText(err)}`);
    } finally {
      setBusy(undefined);
    }
  };

  const disabled = busy !== undefined || !allowed;
  return (
    <Tooltip title={allowed ? undefined : '没有导出权限（pricing.export），如需开通请联系系统管理员'}>
      <Space data-testid="export-buttons">
        <Button icon={<DownloadOutlined />} loading={busy === 'csv'} disabled={disabled} onClick={() => void run('csv')}>
          导出 CSV
        </Button>
        <Button icon={<DownloadOutlined />} loading={busy === 'xlsx'} disabled={disabled} onClick={() => void run('xlsx')}>
          导出 Excel
        </Button>
      </Space>
    </Tooltip>
  );
}
