import { Alert, Button, Checkbox, Flex, Input, type InputProps } from 'antd';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { sendSignInCode, signInWithSmsCode } from '../../app/api/oauth.ts';
import { setRemember } from '../../app/auth/tokens.ts';
import { apiErrorOf } from '../../components/admin/apiErrors.ts';
import { Field, describedBy } from './Field.tsx';
import { outcomeOf } from './signInOutcome.ts';
import { smsFailureOf, waitAfter } from './smsErrors.ts';
import { useSmsSignInT } from './smsMessages.ts';

/** Seconds before another code may be asked for (the server's limit per number). */
const RESEND_SECONDS = 60;
const PHONE = /^\+?[0-9 -]{5,32}$/;
const CODE = /^[0-9]{6}$/;

interface Props {
  returnTo: string | undefined;
  /** The account has an authenticator app, or must set one up (`enrol`): the code step takes over with this ticket. */
  onCodeRequired: (step: { ticket: string; username: string; enrol: boolean }) => void;
  /** The design offers "remember me" (a 30-day session). */
  offerRemember: boolean;
}

type Errors = Partial<Record<'phone' | 'code', string>>;

/** A text control's id, value, change and error wiring, with its own attributes. */
const field = (id: string, value: string, set: (value: string) => void, error: string | undefined, own: InputProps) => ({
  id,
  value,
  onChange: (event: ChangeEvent<HTMLInputElement>) => set(event.target.value),
  ...own,
  ...describedBy(id, error),
});

/** A countdown in whole seconds, ticking once a second down to 0. */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((current) => current - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/**
 * Sign-in with a code sent by SMS: the phone number, "Send code" (then a minute's countdown), the
 * code, sign in. The answer is handled as the password sign-in's: a session, the authenticator
 * app's code step, or a new password.
 */
export function SmsSignIn({ returnTo, onCodeRequired, offerRemember }: Props) {
  const t = useSmsSignInT();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [remember, setRememberChoice] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [pending, setPending] = useState(false);
  const [wait, setWait] = useCountdown();

  const fail = (error: unknown) => {
    const body = apiErrorOf(error);
    const { key, values } = smsFailureOf(body);
    setFailure(key === 'failed' && body?.message ? body.message : t(key, values));
    return body;
  };

  const phoneError = (): string | undefined => {
    const value = phone.trim();
    if (!value) return t('phoneRequired');
    return PHONE.test(value) ? undefined : t('phoneInvalid');
  };

  const send = async () => {
    const error = phoneError();
    setErrors({ phone: error });
    if (error) return;
    setSending(true);
    setFailure(null);
    setNotice(null);
    try {
      await sendSignInCode(phone.trim());
      setNotice(t('sent'));
      setWait(RESEND_SECONDS);
      document.getElementById('smsCode')?.focus();
    } catch (caught) {
      setWait(waitAfter(fail(caught)));
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    const found: Errors = { phone: phoneError(), code: CODE.test(value) ? undefined : t('codeRequired') };
    setErrors(found);
    if (found.phone || found.code) return;
    setPending(true);
    setFailure(null);
    setRemember(remember);
    try {
      const outcome = outcomeOf(await signInWithSmsCode({ phone: phone.trim(), code: value, remember }, returnTo), '', returnTo);
      if (outcome.next === 'leave')
        window.location.assign(outcome.to); // stays pending while the browser leaves
      else if (outcome.next === 'code' || outcome.next === 'enrol')
        onCodeRequired({ ticket: outcome.ticket, username: '', enrol: outcome.next === 'enrol' });
      else void navigate(outcome.to);
    } catch (caught) {
      fail(caught);
      setCode('');
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('submit')}>
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      {notice && !failure && <Alert type="info" showIcon title={notice} role="status" style={{ marginBottom: 16 }} />}
      <Field id="smsPhone" label={t('phone')} error={errors.phone}>
        <Flex gap={8}>
          <Input
            autoFocus
            type="tel"
            {...field('smsPhone', phone, setPhone, errors.phone, { autoComplete: 'tel', inputMode: 'tel', maxLength: 32 })}
          />
          <Button onClick={() => void send()} loading={sending} disabled={wait > 0} aria-live="polite">
            {wait > 0 ? t('resend', { seconds: wait }) : t('send')}
          </Button>
        </Flex>
      </Field>
      <Field id="smsCode" label={t('code')} error={errors.code}>
        <Input {...field('smsCode', code, setCode, errors.code, { autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 7 })} />
      </Field>
      {offerRemember && (
        <div style={{ marginBottom: 16 }}>
          <Checkbox checked={remember} onChange={(event) => setRememberChoice(event.target.checked)}>
            {t('remember')}
          </Checkbox>
        </div>
      )}
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {t('submit')}
      </Button>
    </form>
  );
}
