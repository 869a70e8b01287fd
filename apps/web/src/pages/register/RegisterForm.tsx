import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PasswordFields } from '../../components/account/PasswordFields.tsx';
import { failureText, showFieldError } from '../../components/account/failures.ts';
import { accountRules } from '../../components/account/fieldRules.ts';
import { useAccountT } from '../../components/account/messages.ts';
import { registerAccount, type UniqueField } from '../../components/account/openAccountApi.ts';
import { signInNotice } from '../../components/account/signInNotice.ts';
import { useAvailability } from '../../components/account/useAvailability.ts';
import { apiErrorOf, fieldErrorOf } from '../../components/admin/apiErrors.ts';
import { CaptchaField } from '../login/CaptchaField.tsx';
import { useRegistrationCaptcha } from './useRegistrationCaptcha.ts';

interface Values {
  username: string;
  name: string;
  email: string;
  phone?: string;
  password: string;
  confirm: string;
}

const FIELDS = ['username', 'name', 'email', 'phone', 'password'] as const;
const UNIQUE: readonly UniqueField[] = ['username', 'email', 'phone'];

/**
 * Self-registration: availability of username, email and phone is checked as they are typed; a
 * captcha when the portal asks for one. Success leads to the sign-in page with a notice.
 */
export function RegisterForm({ captchaRequired, onClosed }: { captchaRequired: boolean; onClosed: () => void }) {
  const t = useAccountT();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const availability = {
    username: useAvailability(form, 'username', t),
    email: useAvailability(form, 'email', t),
    phone: useAvailability(form, 'phone', t),
  };
  const captcha = useRegistrationCaptcha(captchaRequired);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const refused = (error: unknown, values: Values) => {
    if (captchaRequired) captcha.next(captcha.isCaptchaFailure(error) ? t('captcha.wrong') : undefined);
    if (captcha.isCaptchaFailure(error)) return;
    if (apiErrorOf(error)?.status === 403) return onClosed();
    const field = fieldErrorOf(error, UNIQUE)?.field as UniqueField | undefined;
    if (field && apiErrorOf(error)?.code === 'CONFLICT') availability[field].markTaken(values[field] ?? '');
    if (!showFieldError(form, error, FIELDS, t)) setFailure(failureText(error, t));
  };

  const submit = async (values: Values) => {
    if (!captcha.ready()) return;
    setPending(true);
    setFailure(undefined);
    try {
      const behaviorToken = await captcha.token();
      const phone = values.phone?.trim();
      const account = await registerAccount({
        username: values.username.trim(),
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        ...(phone ? { phone } : {}),
        ...(behaviorToken ? { behaviorToken } : {}),
      });
      await navigate('/login', { replace: true, state: signInNotice(t('register.done', { username: account.username })) });
    } catch (error) {
      refused(error, values);
      setPending(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} aria-label={t('register.title')}>
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Form.Item
        name="username"
        label={t('field.username')}
        rules={[...accountRules('username', t), availability.username.rule]}
        {...availability.username.itemProps}
      >
        <Input autoComplete="username" autoFocus maxLength={64} />
      </Form.Item>
      <Form.Item name="name" label={t('field.name')} rules={accountRules('name', t)}>
        <Input autoComplete="name" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('field.email')}
        rules={[...accountRules('email', t), availability.email.rule]}
        {...availability.email.itemProps}
      >
        <Input type="email" autoComplete="email" maxLength={254} />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('field.phone')}
        rules={[...accountRules('phone', t, false), availability.phone.rule]}
        {...availability.phone.itemProps}
      >
        <Input type="tel" autoComplete="tel" maxLength={20} />
      </Form.Item>
      <PasswordFields usernameField="username" />
      {captchaRequired && <CaptchaField {...captcha.field} />}
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {t('register.submit')}
      </Button>
    </Form>
  );
}
