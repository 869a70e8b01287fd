import type { TotpEnrolment, TotpStatus } from '@portal/contracts';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmAction } from '../../../components/admin/ConfirmAction.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { removeTotp, startTotp, TOTP_KEY } from './api.ts';
import { useSecurityT } from './messages.ts';
import { TotpEnrolModal } from './TotpEnrolModal.tsx';
import type { VerifiedChange } from './useVerifiedChange.ts';

/**
 * The authenticator app: set it up (mfa_token step, then the QR code and a confirming code) or
 * remove it (confirmation, then the mfa_token step). Both steps share the purpose 'totp'.
 */
export function TotpCard({ status, flow }: { status: TotpStatus; flow: VerifiedChange }) {
  const t = useSecurityT();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const start = useInvalidatingMutation(startTotp, { invalidate: [], success: false });
  const remove = useInvalidatingMutation(removeTotp, { invalidate: [TOTP_KEY], success: t('totp.removed') });
  const setUp = () => flow.start('totp', (token) => start.mutate(token, { onSuccess: setEnrolment }));
  const removeApp = () => flow.start('totp', (token) => remove.mutate(token));

  return (
    <Card
      title={t('totp.title')}
      extra={
        <Tag color={status.enrolled ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
          {status.enrolled ? t('totp.on') : t('totp.off')}
        </Tag>
      }
    >
      <Flex vertical gap={12} align="flex-start">
        <Typography.Paragraph style={{ margin: 0 }}>{t('totp.explain')}</Typography.Paragraph>
        {status.enrolledAt && (
          <Typography.Text type="secondary">{t('totp.since', { date: formatTime(status.enrolledAt) })}</Typography.Text>
        )}
        {status.enrolled ? (
          <ConfirmAction
            title={t('totp.removeConfirm')}
            description={t('totp.removeExplain')}
            danger
            okText={t('totp.remove')}
            onConfirm={async () => removeApp()}
            buttonProps={{ type: 'default', size: 'middle', loading: remove.isPending }}
          >
            {t('totp.remove')}
          </ConfirmAction>
        ) : (
          <Button type="primary" loading={start.isPending} onClick={setUp}>
            {t('totp.setUp')}
          </Button>
        )}
      </Flex>
      <TotpEnrolModal enrolment={enrolment} onClose={() => setEnrolment(undefined)} />
    </Card>
  );
}
