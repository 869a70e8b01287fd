import { Button, Checkbox, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoginSettingT } from './messages.ts';

/**
 * The sign-in form as the preview draws it: the same fields as the real one, doing nothing (the
 * preview is inert). The real form signs in, which a preview must not.
 */
export function LoginFormSketch({ remember, methods }: { remember: boolean; methods: readonly string[] }) {
  const { t } = useTranslation();
  const own = useLoginSettingT();
  return (
    <div>
      {methods.length > 1 && (
        <div style={{ display: 'flex', marginBottom: 24 }}>
          {methods.map((method, index) => (
            <Button key={method} type="text" style={{ flex: 1, borderRadius: 0, borderBottom: index === 0 ? '2px solid' : undefined }}>
              {method === 'qr' ? t('login.qrTab') : t('login.passwordTab')}
            </Button>
          ))}
        </div>
      )}
      <p style={{ margin: '0 0 8px' }}>{own('username')}</p>
      <Input style={{ marginBottom: 16 }} />
      <p style={{ margin: '0 0 8px' }}>{own('password')}</p>
      <Input.Password style={{ marginBottom: 16 }} />
      {remember && <Checkbox style={{ marginBottom: 16 }}>{t('login.remember')}</Checkbox>}
      <Button type="primary" block size="large">
        {t('login.submit')}
      </Button>
    </div>
  );
}
