import { UploadOutlined } from '@ant-design/icons';
import { ICON_CONTENT_TYPES, MAX_ICON_BYTES } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Typography, Upload, type UploadProps } from 'antd';
import { ICONS_KEY } from '../../../../components/icons/iconSchema.ts';
import { uploadIcon } from './api.ts';
import { useIconsT } from './messages.ts';
import { localProblemOf, refusalOf } from './uploadChecks.ts';

const KB = MAX_ICON_BYTES / 1024;
const ACCEPT = [...ICON_CONTENT_TYPES, '.svg', '.png', '.jpg', '.jpeg', '.webp', '.gif'].join(',');

/**
 * Uploads icons into a classification, one request per file so each shows its progress and, when
 * refused, the server's reason under its name (an SVG with a script, a file too large, not an image).
 */
export function IconUpload({ classification }: { classification: string }) {
  const t = useIconsT();
  const queryClient = useQueryClient();
  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const fail = (text: string) => onError?.(new Error(text), text);
    if (!(file instanceof File)) return fail(t('refusal.other', { reason: 'not a file' }));
    const problem = localProblemOf(file);
    if (problem) return fail(t(`local.${problem}`, { kb: KB }));
    uploadIcon(classification, file, (percent) => onProgress?.({ percent: percent ?? 0 }))
      .then(async (icons) => {
        onSuccess?.(icons);
        await queryClient.invalidateQueries({ queryKey: ICONS_KEY });
      })
      .catch((error: unknown) => {
        const { kind, reason } = refusalOf(error);
        fail(t(`refusal.${kind}`, { reason }));
      });
  };
  return (
    <div>
      <Upload
        // A new list per classification: what was sent to another one is not shown here.
        key={classification}
        multiple
        accept={ACCEPT}
        customRequest={customRequest}
        itemRender={(node, file) => (
          <div>
            {node}
            {file.status === 'error' && typeof file.response === 'string' && (
              <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
                {file.response}
              </Typography.Text>
            )}
          </div>
        )}
      >
        <Button icon={<UploadOutlined />}>{t('upload')}</Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('uploadHint', { kb: KB })}
      </Typography.Text>
    </div>
  );
}
