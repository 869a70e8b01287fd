import type { SelfProfile } from '@portal/contracts';
import { Button, Card, Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ChangeContactModal } from './ChangeContactModal.tsx';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';
import { useSecurityT } from './messages.ts';
import type { VerifiedChange } from './useVerifiedChange.ts';

/** Password, email and phone, each changed behind the mfa_token step. */
export function AccountCard({ profile, flow }: { profile: SelfProfile; flow: VerifiedChange }) {
  const t = useSecurityT();
  const none = <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  const changeButton = (purpose: 'password' | 'email' | 'phone', label: string) => (
    <Button size="small" onClick={() => flow.start(purpose)} aria-label={`${t('edit')}: ${label}`}>
      {t('edit')}
    </Button>
  );
  const row = (key: 'password' | 'email' | 'phone', value: ReactNode) => ({
    key,
    label: t(`account.${key}`),
    children: (
      <span style={{ display: 'flex', justifyContent: 'space-between', gap: 16, alignItems: 'center', width: '100%' }}>
        <span>{value}</span>
        {changeButton(key, t(`account.${key}`))}
      </span>
    ),
  });
  return (
    <Card title={t('account.title')}>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[row('password', t('account.passwordValue')), row('email', profile.email ?? none), row('phone', profile.phone ?? none)]}
      />
      <ChangePasswordModal token={flow.tokenFor('password')} onClose={flow.finish} />
      <ChangeContactModal field="email" token={flow.tokenFor('email')} current={profile.email} onClose={flow.finish} />
      <ChangeContactModal field="phone" token={flow.tokenFor('phone')} current={profile.phone} onClose={flow.finish} />
    </Card>
  );
}
