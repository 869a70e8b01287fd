import { TotpConfirmBody, type TotpEnrolment } from '@portal/contracts';
import { Flex, Form, Input, QRCode, Typography } from 'antd';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { schemaRules } from '../../../components/admin/schemaRules.ts';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { confirmTotp, TOTP_KEY } from './api.ts';
import { useSecurityT } from './messages.ts';

/** The secret in groups of four, as authenticator apps show keys: easier to type by hand. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The started set-up: the QR code and the key of the new secret, confirmed with a code from the app. */
export function TotpEnrolModal({ enrolment, onClose }: { enrolment: TotpEnrolment | undefined; onClose: () => void }) {
  const t = useSecurityT();
  const confirm = useInvalidatingMutation(confirmTotp, { invalidate: [TOTP_KEY], success: t('totp.enrolled') });
  return (
    <FormModal<{ code: string }>
      open={enrolment !== undefined}
      title={t('totp.enrolTitle')}
      okText={t('totp.confirm')}
      onCancel={onClose}
      onSubmit={(values) => confirm.mutateAsync(values.code.trim())}
    >
      {enrolment && (
        <Flex vertical gap={8} style={{ marginBottom: 16 }}>
          <span>{t('totp.scan')}</span>
          <QRCode value={enrolment.otpauthUrl} size={180} aria-label={t('totp.qrLabel')} style={{ alignSelf: 'center' }} />
          <span>{t('totp.manual')}</span>
          <Typography.Text code copyable={{ text: enrolment.secret }} data-testid="totp-secret" style={{ alignSelf: 'center' }}>
            {groupedSecret(enrolment.secret)}
          </Typography.Text>
        </Flex>
      )}
      <Form.Item name="code" label={t('totp.enterCode')} rules={schemaRules(TotpConfirmBody, 'code', true)}>
        <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
      </Form.Item>
    </FormModal>
  );
}
