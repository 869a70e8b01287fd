import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Flex, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './messages.ts';

interface AdminPageProps {
  title: ReactNode;
  /** Shown beside the title, e.g. the page's create button. */
  extra?: ReactNode;
  /** A detail view passes its list's address: a back button leads there. */
  backTo?: string;
  children: ReactNode;
}

/**
 * Frame of an administration page: a heading (with a back button on detail views), actions on the
 * right, and antd's `<App>` so `useFeedback()` and confirmations below it follow the theme.
 */
export function AdminPage({ title, extra, backTo, children }: AdminPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  return (
    <App component={false}>
      <section aria-labelledby={headingId}>
        <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
          <Flex align="center" gap={8}>
            {backTo && (
              <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('adminKit.back')} onClick={() => void navigate(backTo)} />
            )}
            <Typography.Title id={headingId} level={1} style={{ fontSize: 20, margin: 0 }}>
              {title}
            </Typography.Title>
          </Flex>
          {extra && (
            <Flex gap={8} wrap>
              {extra}
            </Flex>
          )}
        </Flex>
        {children}
      </section>
    </App>
  );
}
