import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useMicroT } from './messages.ts';
import { MicroLoadError } from './microLoad.ts';

/** A micro app that cannot be shown: why, and a retry (a server back online, a fixed deployment). */
export function LoadFailure({ name, error, reason, onRetry }: { name: string; error?: unknown; reason?: string; onRetry: () => void }) {
  const t = useMicroT();
  const navigate = useNavigate();
  const text =
    reason ??
    (error instanceof MicroLoadError
      ? t(`failure.${error.reason}`, { detail: error.detail ?? '' })
      : t('failure.mountFailed', { detail: error instanceof Error ? error.message : String(error) }));
  return (
    <Result
      status="warning"
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t('failedTitle', { name })}</h1>}
      subTitle={<span role="alert">{text}</span>}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>
          {t('retry')}
        </Button>,
        <Button key="home" onClick={() => navigate('/OSWorkbench')}>
          {t('backHome')}
        </Button>,
      ]}
    />
  );
}
