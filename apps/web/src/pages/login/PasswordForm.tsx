import type { ApiErrorBody } from '@portal/contracts';
import { Alert, Button, Checkbox, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchBehaviorToken, signIn } from '../../app/api/oauth.ts';
import { setRemember } from '../../app/auth/tokens.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { apiErrorOf } from '../../components/admin/apiErrors.ts';
import { Field, describedBy } from './Field.tsx';
import { outcomeOf } from './signInOutcome.ts';
import { useCaptcha } from './useCaptcha.ts';

interface Values {
  username: string;
  password: string;
  captchaCode: string;
  remember: boolean;
}

type Errors = Partial<Record<'username' | 'password' | 'captchaCode', string>>;

const needsCaptcha = (failure: ApiErrorBody | undefined): boolean =>
  !!failure && (failure.details?.captchaRequired === true || failure.code === 'CAPTCHA_REQUIRED' || failure.code === 'CAPTCHA_INVALID');

interface Props {
  returnTo: string | undefined;
  /** The account has an authenticator app, or must set one up (`enrol`): the code step takes over with this ticket. */
  onCodeRequired: (step: { ticket: string; username: string; enrol: boolean }) => void;
  /** Shown above the form, e.g. why the code step sent the user back here. */
  notice?: string | undefined;
  /** The design offers "remember me" (a 30-day session); without it, sessions are never remembered. */
  offerRemember: boolean;
}

/**
 * Username and password sign-in; the server's answer to a failure is shown on the form. The
 * answer may instead ask for an authentication code, or for a new password (/passwordupdate).
 */
export function PasswordForm({ returnTo, onCodeRequired, notice, offerRemember }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ username: '', password: '', captchaCode: '', remember: false });
  const [errors, setErrors] = useState<Errors>({});
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const captcha = useCaptcha(captchaRequired);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(notice ?? null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  const nextCaptcha = () => {
    set('captchaCode', '');
    captcha.refresh();
  };

  const validate = (): Errors => ({
    ...(values.username.trim() ? {} : { username: t('login.usernameRequired') }),
    ...(values.password ? {} : { password: t('login.passwordRequired') }),
    ...(!captchaRequired || values.captchaCode.trim() ? {} : { captchaCode: t('login.captchaRequired') }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    setFailure(null);
    setRemember(values.remember);
    const answer =
      captchaRequired && captcha.captcha ? { captchaId: captcha.captcha.captchaId, captchaCode: values.captchaCode.trim() } : {};
    try {
      const body = { username: values.username.trim(), password: values.password, remember: values.remember, ...answer };
      const outcome = outcomeOf(await signIn(body, returnTo), body.username, returnTo);
      if (outcome.next === 'leave')
        window.location.assign(outcome.to); // stays pending while the browser leaves
      else if (outcome.next === 'code' || outcome.next === 'enrol')
        onCodeRequired({ ticket: outcome.ticket, username: body.username, enrol: outcome.next === 'enrol' });
      else void navigate(outcome.to);
    } catch (error) {
      const body = apiErrorOf(error);
      setFailure(
        body?.code === 'ACCOUNT_LOCKED'
          ? t('login.locked', { minutes: Number(body.details?.lockedMinutes ?? 15) })
          : (body?.message ?? t('login.failed')),
      );
      // A captcha answers one attempt only: show a new one after any failure.
      if (captchaRequired) nextCaptcha();
      else if (needsCaptcha(body)) setCaptchaRequired(true);
      setPending(false);
    }
  };

  const checkCaptcha = async () => {
    const username = values.username.trim();
    if (captchaRequired || !username) return;
    const behaviour = await fetchBehaviorToken(username).catch(() => undefined);
    if (behaviour?.captchaRequired) setCaptchaRequired(true);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('login.passwordTab')}>
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Field id="username" label={t('login.username')} error={errors.username}>
        <Input
          id="username"
          autoFocus
          autoComplete="username"
          maxLength={128}
          value={values.username}
          onChange={(event) => set('username', event.target.value)}
          onBlur={() => void checkCaptcha()}
          {...describedBy('username', errors.username)}
        />
      </Field>
      <Field id="password" label={t('login.password')} error={errors.password}>
        <Input.Password
          id="password"
          autoComplete="current-password"
          maxLength={256}
          value={values.password}
          onChange={(event) => set('password', event.target.value)}
          {...describedBy('password', errors.password)}
        />
      </Field>
      {captchaRequired && (
        <CaptchaField
          captcha={captcha.captcha}
          loading={captcha.loading}
          onRefresh={nextCaptcha}
          value={values.captchaCode}
          onChange={(value) => set('captchaCode', value)}
          error={errors.captchaCode}
        />
      )}
      {offerRemember && (
        <div style={{ marginBottom: 16 }}>
          <Checkbox checked={values.remember} onChange={(event) => set('remember', event.target.checked)}>
            {t('login.remember')}
          </Checkbox>
        </div>
      )}
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
