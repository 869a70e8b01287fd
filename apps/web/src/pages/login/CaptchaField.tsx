import { ReloadOutlined } from '@ant-design/icons';
import type { Captcha } from '@portal/contracts';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field, describedBy } from './Field.tsx';

interface Props {
  captcha: Captcha | undefined;
  loading: boolean;
  onRefresh: () => void;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** The picture code asked for after failed attempts, with a button for another picture. */
export function CaptchaField({ captcha, loading, onRefresh, value, onChange, error }: Props) {
  const { t } = useTranslation();
  return (
    <Field id="captchaCode" label={t('login.captcha')} error={error}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Input
          id="captchaCode"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          maxLength={16}
          {...describedBy('captchaCode', error)}
        />
        {captcha && <img src={captcha.image} alt={t('login.captchaImage')} height={32} style={{ borderRadius: 4 }} />}
        <Button icon={<ReloadOutlined />} onClick={onRefresh} loading={loading} aria-label={t('login.captchaRefresh')} />
      </div>
    </Field>
  );
}
