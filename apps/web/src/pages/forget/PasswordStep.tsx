import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { PasswordFields } from '../../components/account/PasswordFields.tsx';
import { failureText, showFieldError } from '../../components/account/failures.ts';
import { useAccountT } from '../../components/account/messages.ts';
import { resetPassword } from '../../components/account/openAccountApi.ts';
import { fieldErrorOf } from '../../components/admin/apiErrors.ts';

/** Step 3: the new password, set once with the reset token. */
export function PasswordStep({ resetToken, onDone, onStartAgain }: { resetToken: string; onDone: () => void; onStartAgain: () => void }) {
  const t = useAccountT();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [expired, setExpired] = useState(false);

  const save = async ({ password }: { password: string }) => {
    setPending(true);
    setFailure(undefined);
    try {
      await resetPassword(resetToken, password);
      onDone();
    } catch (error) {
      if (fieldErrorOf(error, ['reset_token'])) setExpired(true);
      else if (!showFieldError(form, error, ['password'], t)) setFailure(failureText(error, t));
      setPending(false);
    }
  };

  if (expired) {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        title={t('forget.tokenExpired')}
        action={
          <Button size="small" type="primary" onClick={onStartAgain}>
            {t('forget.startAgain')}
          </Button>
        }
      />
    );
  }
  return (
    <Form form={form} layout="vertical" onFinish={(values) => void save(values)} aria-label={t('forget.stepPassword')}>
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <PasswordFields />
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {t('forget.save')}
      </Button>
    </Form>
  );
}
