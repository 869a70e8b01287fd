import { Alert, Button, Input, theme } from 'antd';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { confirmRequiredEnrolment, signInWithCode } from '../../app/api/oauth.ts';
import { apiErrorOf } from '../../components/admin/apiErrors.ts';
import { RequiredEnrolment } from './RequiredEnrolment.tsx';
import { Field, describedBy } from './Field.tsx';
import { outcomeOf } from './signInOutcome.ts';
import { useSignInCodeT } from './totpMessages.ts';

interface Props {
  ticket: string;
  username: string;
  returnTo: string | undefined;
  /** The account must first set up the authenticator app the settings require: its key is shown, the code confirms it. */
  enrol?: boolean;
  /** Back to the password step; `reason` is shown there (e.g. the ticket expired). */
  onRestart: (reason?: string) => void;
}

const CODE = /^[0-9]{6}$/;

/** The second sign-in step for accounts with an authenticator app (or that must set one up): the 6-digit code. */
export function TotpStep({ ticket, username, returnTo, enrol = false, onRestart }: Props) {
  const t = useSignInCodeT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!CODE.test(value)) {
      setError(t('required'));
      return;
    }
    setError(undefined);
    setFailure(null);
    setPending(true);
    try {
      const answer = await (enrol ? confirmRequiredEnrolment : signInWithCode)({ ticket, code: value }, returnTo);
      const outcome = outcomeOf(answer, username, returnTo);
      // The code step answers with a session (leave, staying pending meanwhile) or an expired password.
      if (outcome.next === 'leave') window.location.assign(outcome.to);
      // The page then asks for a fresh code straight away: this one is spent.
      else if (outcome.next === 'changePassword') void navigate(outcome.to, { state: { totp: true } });
    } catch (caught) {
      const body = apiErrorOf(caught);
      if (body?.details?.restart === true) {
        onRestart(body.message);
        return;
      }
      setFailure(body?.message ?? t('failed'));
      setCode('');
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="totp-title">
      <h2 id="totp-title" style={{ fontSize: token.fontSizeLG, margin: `0 0 ${token.marginXS}px` }}>
        {t(enrol ? 'enrolTitle' : 'title')}
      </h2>
      <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>{t(enrol ? 'enrolHint' : 'hint')}</p>
      {enrol && <RequiredEnrolment ticket={ticket} onRestart={onRestart} />}
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Field id="totpCode" label={t('code')} error={error}>
        <Input
          id="totpCode"
          autoFocus
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          {...describedBy('totpCode', error)}
        />
      </Field>
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {t('submit')}
      </Button>
      <Button type="link" block onClick={() => onRestart()} style={{ marginTop: token.marginXS }}>
        {t('back')}
      </Button>
    </form>
  );
}
