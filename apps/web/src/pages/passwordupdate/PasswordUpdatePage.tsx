import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { withQuery } from '../../api/query.ts';
import { PasswordFields } from '../../components/account/PasswordFields.tsx';
import { PublicPage } from '../../components/account/PublicPage.tsx';
import { failureText, showFieldError } from '../../components/account/failures.ts';
import { useAccountT } from '../../components/account/messages.ts';
import { signInNotice } from '../../components/account/signInNotice.ts';
import { apiErrorOf } from '../../components/admin/apiErrors.ts';
import { CaptchaField } from '../login/CaptchaField.tsx';
import { useCaptcha } from '../login/useCaptcha.ts';
import { changePassword } from './api.ts';
import { usePasswordUpdateT } from './messages.ts';
import { PasswordPolicy } from './PasswordPolicy.tsx';

interface Values {
  username: string;
  oldPassword: string;
  password: string;
  confirm: string;
  code?: string;
}

/**
 * /passwordupdate?username=…&redirect=…: the forced change of an expired password (or a voluntary
 * one) with the current password, plus a code when the account has an authenticator app; then back
 * to sign-in, which returns to `redirect`.
 */
export function Component() {
  const t = usePasswordUpdateT();
  const accountT = useAccountT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cameFromCodeStep = (useLocation().state as { totp?: unknown } | null)?.totp === true;
  const [form] = Form.useForm<Values>();
  const [codeNeeded, setCodeNeeded] = useState(cameFromCodeStep);
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [captchaCode, setCaptchaCode] = useState('');
  const captcha = useCaptcha(captchaRequired);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const redirect = params.get('redirect') ?? undefined;
  const signInPath = withQuery('/login', { return_to: redirect });

  const submit = async (values: Values) => {
    if (values.password === values.oldPassword) {
      form.setFields([{ name: 'password', errors: [t('sameAsCurrent')] }]);
      return;
    }
    setSaving(true);
    setFailure(null);
    const answer = captchaRequired && captcha.captcha ? { captchaId: captcha.captcha.captchaId, captchaCode: captchaCode.trim() } : {};
    try {
      await changePassword({
        username: values.username.trim(),
        oldPassword: values.oldPassword,
        newPassword: values.password,
        ...(values.code ? { code: values.code.trim() } : {}),
        ...answer,
      });
      void navigate(signInPath, { replace: true, state: signInNotice(t('done')) });
    } catch (error) {
      const body = apiErrorOf(error);
      if (captchaRequired) {
        setCaptchaCode('');
        captcha.refresh();
      } else if (body?.details?.captchaRequired === true) setCaptchaRequired(true);
      if (body?.code === 'TOTP_REQUIRED') {
        setCodeNeeded(true);
        setFailure(body.message);
      } else if (!showFieldError(form, error, ['password', 'code'], accountT)) setFailure(failureText(error, accountT));
      setSaving(false);
    }
  };

  return (
    <PublicPage title={t('title')} footer={<Link to={signInPath}>{accountT('backToSignIn')}</Link>}>
      <p style={{ marginTop: 0 }}>{t('explain')}</p>
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: params.get('username') ?? '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="username" label={t('username')} rules={[{ required: true, whitespace: true, message: accountT('rule.required') }]}>
          <Input autoComplete="username" maxLength={128} />
        </Form.Item>
        <Form.Item name="oldPassword" label={t('current')} rules={[{ required: true, message: accountT('rule.required') }]}>
          <Input.Password autoComplete="current-password" maxLength={256} />
        </Form.Item>
        <PasswordPolicy />
        <PasswordFields usernameField="username" labels={{ password: t('newPassword'), confirm: t('confirm') }} />
        {codeNeeded && (
          <Form.Item
            name="code"
            label={t('code')}
            extra={t('codeHint')}
            rules={[{ required: true, pattern: /^[0-9]{6}$/, message: t('codeRule') }]}
          >
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
          </Form.Item>
        )}
        {captchaRequired && (
          <CaptchaField
            captcha={captcha.captcha}
            loading={captcha.loading}
            onRefresh={() => {
              setCaptchaCode('');
              captcha.refresh();
            }}
            value={captchaCode}
            onChange={setCaptchaCode}
            error={undefined}
          />
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={saving}>
          {t('submit')}
        </Button>
      </Form>
    </PublicPage>
  );
}
