import { ExportOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './messages.ts';

interface ExportButtonProps {
  label: ReactNode;
  /** Downloads the file (downloadFile), reporting the percentage or, size unknown, the bytes so far. */
  download: (onProgress: (percent: number | undefined, loaded: number) => void) => Promise<void>;
  disabled?: boolean;
  /** Wraps the button (a tooltip saying why it is disabled). */
  wrap?: (button: ReactNode) => ReactNode;
}

/** A button starting a file download, with a progress bar (or the bytes received) while it arrives. */
export function ExportButton({ label, download, disabled, wrap }: ExportButtonProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ percent: number | undefined; loaded: number } | null>(null);

  const start = async () => {
    setProgress({ percent: 0, loaded: 0 });
    try {
      await download((percent, loaded) => setProgress({ percent, loaded }));
    } catch {
      // The HTTP client has already shown the error.
    } finally {
      setProgress(null);
    }
  };

  const button = (
    <Button icon={<ExportOutlined />} disabled={disabled} loading={progress !== null} onClick={() => void start()}>
      {label}
    </Button>
  );
  return (
    <Flex align="center" gap={8}>
      {wrap ? wrap(button) : button}
      {progress &&
        (progress.percent === undefined ? (
          <Typography.Text type="secondary" role="status">
            {t('adminKit.export.received', { kb: Math.round(progress.loaded / 1024) })}
          </Typography.Text>
        ) : (
          <Progress percent={progress.percent} size="small" style={{ width: 120 }} aria-label={t('adminKit.export.progress')} />
        ))}
    </Flex>
  );
}
