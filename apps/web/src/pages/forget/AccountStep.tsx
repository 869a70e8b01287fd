import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { failureText } from '../../components/account/failures.ts';
import { useAccountT } from '../../components/account/messages.ts';
import { prepareReset } from '../../components/account/openAccountApi.ts';
import { apiErrorOf } from '../../components/admin/apiErrors.ts';

/** Step 1: who is it? A code is mailed (the answer is the same whether or not the account exists). */
export function AccountStep({
  initial,
  onSent,
  onNotConfigured,
}: {
  initial: string;
  onSent: (account: string) => void;
  onNotConfigured: () => void;
}) {
  const t = useAccountT();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async ({ account }: { account: string }) => {
    setPending(true);
    setFailure(undefined);
    try {
      await prepareReset(account.trim());
      onSent(account.trim());
    } catch (error) {
      if (apiErrorOf(error)?.code === 'NOT_CONFIGURED') return onNotConfigured();
      setFailure(failureText(error, t));
      setPending(false);
    }
  };

  return (
    <Form
      layout="vertical"
      initialValues={{ account: initial }}
      onFinish={(values) => void submit(values)}
      aria-label={t('forget.stepAccount')}
    >
      <p>{t('forget.accountHint')}</p>
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Form.Item
        name="account"
        label={t('field.account')}
        rules={[
          { required: true, whitespace: true, message: t('rule.required') },
          { max: 254, message: t('rule.max', { max: 254 }) },
        ]}
      >
        <Input autoComplete="username" autoFocus maxLength={254} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {t('forget.send')}
      </Button>
    </Form>
  );
}
