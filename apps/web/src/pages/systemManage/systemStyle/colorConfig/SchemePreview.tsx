import type { SchemeColours } from '@portal/contracts';
import { Alert, Button, Card, ConfigProvider, Flex, Switch, Tag, Typography } from 'antd';
import { useColourT } from './messages.ts';
import { schemeTokens } from './schemeTheme.ts';

interface SchemePreviewProps {
  primary?: string | undefined;
  colours?: SchemeColours | undefined;
  /** The list's compact form: a button, tags and a switch; otherwise alerts and a link too. */
  compact?: boolean;
}

/** A scheme shown on real antd components, themed with its tokens. */
export function SchemePreview({ primary, colours, compact }: SchemePreviewProps) {
  const t = useColourT();
  return (
    <ConfigProvider theme={{ token: schemeTokens({ primary, colours }) }}>
      <Card size="small" styles={{ body: { padding: 8 } }} aria-label={t('preview')}>
        <Flex wrap gap={8} align="center">
          <Button type="primary" size="small">
            {t('sample.primary')}
          </Button>
          <Tag color="success">{t('sample.success')}</Tag>
          <Tag color="warning">{t('sample.warning')}</Tag>
          <Tag color="error">{t('sample.error')}</Tag>
          <Switch size="small" defaultChecked aria-label={t('sample.switch')} />
          {!compact && (
            <>
              <Button size="small">{t('sample.default')}</Button>
              <Typography.Link>{t('sample.link')}</Typography.Link>
              <Typography.Text>{t('sample.text')}</Typography.Text>
            </>
          )}
        </Flex>
        {!compact && (
          <Flex vertical gap={4} style={{ marginTop: 8 }}>
            <Alert type="info" title={t('sample.info')} showIcon />
            <Alert type="success" title={t('sample.success')} showIcon />
            <Alert type="warning" title={t('sample.warning')} showIcon />
            <Alert type="error" title={t('sample.error')} showIcon />
          </Flex>
        )}
      </Card>
    </ConfigProvider>
  );
}
