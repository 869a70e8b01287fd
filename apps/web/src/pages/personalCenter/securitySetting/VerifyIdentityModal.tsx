import { MfaTokenRequest, TotpCode, type MfaPurpose } from '@portal/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { schemaRules, type ObjectSchema } from '../../../components/admin/schemaRules.ts';
import { requestMfaToken } from './api.ts';
import { useSecurityT } from './messages.ts';

interface Props {
  /** The change to authorise; closed when undefined. */
  purpose: MfaPurpose | undefined;
  /** With an authenticator app the modal asks for a code first (the password stays an option). */
  totpEnrolled: boolean;
  onCancel: () => void;
  /** Gets the single-use mfa_token for `purpose`. */
  onVerified: (mfaToken: string) => void;
}

/** The two proofs as the server checks them. */
const PROOF: ObjectSchema = { properties: { password: MfaTokenRequest.properties.password, code: TotpCode } };

interface Values {
  password?: string;
  code?: string;
}

/** The mfa_token step before a sensitive change: the current password, or a code from the authenticator app. */
export function VerifyIdentityModal({ purpose, totpEnrolled, onCancel, onVerified }: Props) {
  const t = useSecurityT();
  const [preferPassword, setPreferPassword] = useState(false);
  const withCode = totpEnrolled && !preferPassword;
  const close = () => {
    setPreferPassword(false);
    onCancel();
  };

  const verify = async (values: Values) => {
    if (!purpose) return;
    const proof = withCode
      ? { method: 'totp' as const, code: values.code ?? '' }
      : { method: 'password' as const, password: values.password ?? '' };
    onVerified(await requestMfaToken(purpose, proof));
  };

  return (
    <FormModal<Values>
      open={purpose !== undefined}
      title={t('verify.title')}
      okText={t('verify.submit')}
      onCancel={close}
      onSubmit={verify}
    >
      <p>{t('verify.explain')}</p>
      {withCode ? (
        <Form.Item name="code" label={t('verify.code')} extra={t('verify.codeHint')} rules={schemaRules(PROOF, 'code', true)}>
          <Input autoFocus autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
        </Form.Item>
      ) : (
        <Form.Item name="password" label={t('verify.password')} rules={schemaRules(PROOF, 'password', true)}>
          <Input.Password autoFocus autoComplete="current-password" maxLength={256} />
        </Form.Item>
      )}
      {totpEnrolled && (
        <Button type="link" style={{ paddingInline: 0 }} onClick={() => setPreferPassword((current) => !current)}>
          {withCode ? t('verify.usePassword') : t('verify.useCode')}
        </Button>
      )}
    </FormModal>
  );
}
