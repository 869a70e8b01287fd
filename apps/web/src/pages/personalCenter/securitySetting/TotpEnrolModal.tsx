import { TotpConfirmBody, type TotpEnrolment } from '@portal/contracts';
import { Form, Input } from 'antd';
import { TotpKey } from '../../../components/account/TotpKey.tsx';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { schemaRules } from '../../../components/admin/schemaRules.ts';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { confirmTotp, TOTP_KEY } from './api.ts';
import { useSecurityT } from './messages.ts';

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
        <TotpKey enrolment={enrolment} texts={{ scan: t('totp.scan'), qrLabel: t('totp.qrLabel'), manual: t('totp.manual') }} />
      )}
      <Form.Item name="code" label={t('totp.enterCode')} rules={schemaRules(TotpConfirmBody, 'code', true)}>
        <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
      </Form.Item>
    </FormModal>
  );
}
