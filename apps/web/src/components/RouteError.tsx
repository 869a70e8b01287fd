import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * Last-resort boundary, e.g. a page's code failed to load after a new release. Kept free of heavy
 * widgets because it is part of the start-up bundle.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <p>{t('error.server')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
