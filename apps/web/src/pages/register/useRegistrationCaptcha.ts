import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captchaToken } from '../../components/account/openAccountApi.ts';
import { apiErrorOf } from '../../components/admin/apiErrors.ts';
import { useCaptcha } from '../login/useCaptcha.ts';

/**
 * The sign-in page's captcha, for registration: the picture and its answer, exchanged for the
 * one-time behaviour token the registration asks for. A captcha answers one attempt only, so a
 * failed submit shows a new picture.
 */
export function useRegistrationCaptcha(required: boolean) {
  const { t } = useTranslation();
  const captcha = useCaptcha(required);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const next = (message?: string) => {
    setCode('');
    setError(message);
    captcha.refresh();
  };

  /** Whether the captcha (if asked for) has an answer to send; if not, says so beside the field. */
  const ready = (): boolean => {
    if (!required || (captcha.captcha && code.trim())) return true;
    setError(t('login.captchaRequired'));
    return false;
  };

  /** The behaviour token for the answer; undefined when no captcha is asked for. */
  const token = async (): Promise<string | undefined> =>
    required && captcha.captcha ? captchaToken(captcha.captcha.captchaId, code.trim()) : undefined;

  const isCaptchaFailure = (failure: unknown): boolean => {
    const code = apiErrorOf(failure)?.code;
    return code === 'CAPTCHA_INVALID' || code === 'CAPTCHA_REQUIRED';
  };

  const field = {
    captcha: captcha.captcha,
    loading: captcha.loading,
    onRefresh: () => next(),
    value: code,
    onChange: (value: string) => {
      setCode(value);
      setError(undefined);
    },
    error,
  };
  return { field, ready, token, next, isCaptchaFailure };
}
