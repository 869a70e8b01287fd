import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeLocalPath } from '../../app/auth/urls.ts';
import { StatusPage } from '../../components/StatusPage.tsx';

/** Server trouble; "retry" reloads the page the user came from (`redirectUri`), starting afresh. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const retryTo = safeLocalPath(params.get('redirectUri'));
  return <StatusPage status="500" text={t('error.server')} action={t('common.retry')} onAction={() => window.location.assign(retryTo)} />;
}
