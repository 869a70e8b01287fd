import type { TemplatePreviewInput } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Spin, theme, Typography } from 'antd';
import { apiErrorOf } from '../../../components/admin/apiErrors.ts';
import { useDebounced } from '../../../components/admin/RemoteSelect.tsx';
import { previewTemplate, TEMPLATE_KEY } from './api.ts';
import { useTemplateT } from './messages.ts';

/** The preview is asked for this long after the last keystroke. */
const PREVIEW_DELAY_MS = 400;

/** An HTML body drawn apart from the page: a sandbox without scripts, forms or same-origin access. */
export function HtmlFrame({ html, title }: { html: string; title: string }) {
  const { token } = theme.useToken();
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={html}
      style={{
        width: '100%',
        minHeight: 240,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        background: '#fff',
      }}
    />
  );
}

/** The rendered subject and body, or the server's reason it cannot render (naming the variable). */
function Rendered({ input }: { input: string }) {
  const t = useTemplateT();
  const preview = useQuery({
    queryKey: [...TEMPLATE_KEY, 'preview', input],
    queryFn: ({ signal }) => previewTemplate(JSON.parse(input) as TemplatePreviewInput, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });
  if (preview.isError) {
    return (
      <Alert type="error" showIcon title={t('previewFailed')} description={apiErrorOf(preview.error)?.message ?? String(preview.error)} />
    );
  }
  if (!preview.data) return <Spin />;
  const { subject, body, format } = preview.data;
  return (
    <Flex vertical gap={8} aria-busy={preview.isFetching}>
      {subject && (
        <div>
          <Typography.Text type="secondary">{t('previewSubject')}</Typography.Text>
          <Typography.Paragraph strong style={{ marginBottom: 0 }}>
            {subject}
          </Typography.Paragraph>
        </div>
      )}
      <Typography.Text type="secondary">{t('previewBody')}</Typography.Text>
      {format === 'html' ? (
        <HtmlFrame html={body} title={t('previewFrame')} />
      ) : (
        <pre style={{ whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'inherit' }}>{body}</pre>
      )}
    </Flex>
  );
}

/**
 * A template rendered on the server with its samples; `live` while it is being written (asked a
 * moment after typing stops).
 */
export function TemplatePreview({ input, live = false }: { input: TemplatePreviewInput | null; live?: boolean }) {
  const t = useTemplateT();
  // Compared as text: an equal template typed again asks nothing new.
  const settled = useDebounced(input ? JSON.stringify(input) : null, PREVIEW_DELAY_MS);
  return (
    <Card
      size="small"
      title={t('preview')}
      extra={<Typography.Text type="secondary">{t(live ? 'previewHint' : 'previewSamples')}</Typography.Text>}
    >
      <div aria-live="polite">
        {settled ? <Rendered input={settled} /> : <Typography.Text type="secondary">{t('previewWaiting')}</Typography.Text>}
      </div>
    </Card>
  );
}
