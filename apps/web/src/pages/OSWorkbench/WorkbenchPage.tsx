import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store/appStore.ts';

/** The landing page after sign-in; the full workbench arrives in a later issue. */
export function Component() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.userInfo);
  const name = user?.name || user?.username || '';
  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('shell.welcome', { name })}
      </Typography.Title>
      <Typography.Paragraph>{t('shell.welcomeText')}</Typography.Paragraph>
    </Card>
  );
}
