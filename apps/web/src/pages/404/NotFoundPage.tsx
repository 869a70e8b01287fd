import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusPage } from '../../components/StatusPage.tsx';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <StatusPage status="404" text={t('error.notFound')} action={t('common.backHome')} onAction={() => navigate('/OSWorkbench')} />;
}
