import type { InviteState } from '@portal/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PasswordFields } from '../../../components/account/PasswordFields.tsx';
import { failureText, showFieldError } from '../../../components/account/failures.ts';
import { accountRules } from '../../../components/account/fieldRules.ts';
import { useAccountT } from '../../../components/account/messages.ts';
import { confirmInvite } from '../../../components/account/openAccountApi.ts';
import { signInNotice } from '../../../components/account/signInNotice.ts';
import { useAvailability } from '../../../components/account/useAvailability.ts';
import { apiErrorOf, fieldErrorOf } from '../../../components/admin/apiErrors.ts';

interface Values {
  username: string;
  name: string;
  password: string;
  confirm: string;
}

interface Props {
  token: string;
  invite: InviteState;
  /** The invitation stopped being usable meanwhile (used, expired): look it up again. */
  onStale: () => void;
}

/** Accepting a pending invitation: the invited email is fixed; username, name and password are chosen. */
export function InviteForm({ token, invite, onStale }: Props) {
  const t = useAccountT();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const username = useAvailability(form, 'username', t, token);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async (values: Values) => {
    setPending(true);
    setFailure(undefined);
    try {
      const account = await confirmInvite({ token, username: values.username.trim(), name: values.name.trim(), password: values.password });
      await navigate('/login', { replace: true, state: signInNotice(t('invite.done', { username: account.username })) });
    } catch (error) {
      setPending(false);
      if (fieldErrorOf(error, ['token'])) return onStale();
      if (apiErrorOf(error)?.code === 'CONFLICT' && fieldErrorOf(error, ['username'])) username.markTaken(values.username);
      if (!showFieldError(form, error, ['username', 'name', 'password'], t)) setFailure(failureText(error, t));
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} aria-label={t('invite.title')}>
      <p>
        {invite.orgName ? t('invite.intro', { org: invite.orgName, email: invite.email }) : t('invite.introNoOrg', { email: invite.email })}
      </p>
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Form.Item label={t('field.email')} htmlFor="invite-email">
        <Input id="invite-email" value={invite.email} readOnly disabled />
      </Form.Item>
      <Form.Item
        name="username"
        label={t('field.username')}
        rules={[...accountRules('username', t), username.rule]}
        {...username.itemProps}
      >
        <Input autoComplete="username" autoFocus maxLength={64} />
      </Form.Item>
      <Form.Item name="name" label={t('field.name')} rules={accountRules('name', t)}>
        <Input autoComplete="name" maxLength={100} />
      </Form.Item>
      <PasswordFields usernameField="username" />
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {t('invite.submit')}
      </Button>
    </Form>
  );
}
