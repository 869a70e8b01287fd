import { theme } from 'antd';
import { usePasswordUpdateT } from './messages.ts';

/** The rules a new password must meet (the server's policy), shown before the fields. */
export function PasswordPolicy() {
  const t = usePasswordUpdateT();
  const { token } = theme.useToken();
  return (
    <div id="password-policy" style={{ color: token.colorTextSecondary, marginBottom: token.marginMD }}>
      {t('policyTitle')}:
      <ul style={{ margin: `${token.marginXXS}px 0 0`, paddingInlineStart: token.paddingLG }}>
        <li>{t('policy.length')}</li>
        <li>{t('policy.username')}</li>
        <li>{t('policy.current')}</li>
      </ul>
    </div>
  );
}
