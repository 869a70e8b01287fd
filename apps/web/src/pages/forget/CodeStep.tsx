import { RESET_CODE_RESEND_SECONDS } from '@portal/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { failureText } from '../../components/account/failures.ts';
import { accountRules } from '../../components/account/fieldRules.ts';
import { useAccountT } from '../../components/account/messages.ts';
import { prepareReset, validateResetCode } from '../../components/account/openAccountApi.ts';
import { apiErrorOf } from '../../components/admin/apiErrors.ts';
import { useCountdown } from './useCountdown.ts';

interface Props {
  account: string;
  onVerified: (resetToken: string) => void;
  onOtherAccount: () => void;
}

/** Step 2: the six-digit code from the mail, exchanged for a reset token; a new code after a countdown. */
export function CodeStep({ account, onVerified, onOtherAccount }: Props) {
  const t = useAccountT();
  const [form] = Form.useForm<{ code: string }>();
  const countdown = useCountdown(RESET_CODE_RESEND_SECONDS);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string }>();

  const verify = async ({ code }: { code: string }) => {
    setPending(true);
    setNotice(undefined);
    try {
      onVerified((await validateResetCode(account, code.trim())).reset_token);
    } catch (error) {
      const body = apiErrorOf(error);
      if (body?.status === 400) form.setFields([{ name: 'code', errors: [t('forget.wrongCode')] }]);
      else setNotice({ type: 'error', text: failureText(error, t) });
      setPending(false);
    }
  };

  const resend = async () => {
    countdown.restart(RESET_CODE_RESEND_SECONDS);
    form.resetFields();
    try {
      await prepareReset(account);
      setNotice({ type: 'success', text: t('forget.resent') });
    } catch (error) {
      setNotice({ type: 'error', text: failureText(error, t) });
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void verify(values)} aria-label={t('forget.stepCode')}>
      <p>{t('forget.sent', { account })}</p>
      {notice && (
        <Alert
          type={notice.type}
          showIcon
          title={notice.text}
          role={notice.type === 'error' ? 'alert' : 'status'}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item name="code" label={t('field.code')} rules={accountRules('code', t)}>
        <Input autoComplete="one-time-code" inputMode="numeric" autoFocus maxLength={6} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {t('forget.verify')}
      </Button>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Button type="link" style={{ padding: 0 }} onClick={onOtherAccount}>
          {t('forget.otherAccount')}
        </Button>
        <Button type="link" style={{ padding: 0 }} disabled={countdown.remaining > 0} onClick={() => void resend()}>
          {countdown.remaining > 0 ? t('forget.resendIn', { seconds: countdown.remaining }) : t('forget.resend')}
        </Button>
      </div>
    </Form>
  );
}
