import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Spin } from 'antd';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { fetchSelfProfile, SELF_PROFILE_KEY } from '../baseInfo/api.ts';
import { AccountCard } from './AccountCard.tsx';
import { ConnectedAppsCard } from './ConnectedAppsCard.tsx';
import { fetchTotpStatus, TOTP_KEY } from './api.ts';
import { useSecurityT } from './messages.ts';
import { SessionsCard } from './SessionsCard.tsx';
import { TotpCard } from './TotpCard.tsx';
import { useVerifiedChange } from './useVerifiedChange.ts';
import { VerifyIdentityModal } from './VerifyIdentityModal.tsx';

/**
 * personalCenter/securitySetting: the caller's password, email and phone (each behind the
 * mfa_token step), the authenticator app, the sessions where they are signed in, and the
 * applications they let use their account.
 */
export function Component({ node }: ConsolePageProps) {
  const t = useSecurityT();
  const profile = useQuery({ queryKey: SELF_PROFILE_KEY, queryFn: fetchSelfProfile });
  const totp = useQuery({ queryKey: TOTP_KEY, queryFn: fetchTotpStatus });
  const flow = useVerifiedChange();

  if (!profile.data || !totp.data) {
    const failed = profile.isError || totp.isError;
    return (
      <AdminPage title={node.title}>
        {failed ? (
          <Result
            status="warning"
            title={t('loadFailed')}
            extra={<Button onClick={() => void Promise.all([profile.refetch(), totp.refetch()])}>{t('retry')}</Button>}
          />
        ) : (
          <Spin />
        )}
      </AdminPage>
    );
  }
  return (
    <AdminPage title={node.title}>
      <Flex vertical gap={16}>
        <AccountCard profile={profile.data} flow={flow} />
        <TotpCard status={totp.data} flow={flow} />
        <SessionsCard />
        <ConnectedAppsCard />
      </Flex>
      <VerifyIdentityModal
        purpose={flow.verifying}
        totpEnrolled={totp.data.enrolled}
        onCancel={flow.cancelVerify}
        onVerified={flow.verified}
      />
    </AdminPage>
  );
}
