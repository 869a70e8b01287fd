import { Button, Result, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { PublicPage } from '../../../components/account/PublicPage.tsx';
import { failureText } from '../../../components/account/failures.ts';
import { useAccountT } from '../../../components/account/messages.ts';
import { LinkButton } from '../../../components/admin/LinkButton.tsx';
import { InviteForm } from './InviteForm.tsx';
import { useInviteState } from './useInviteState.ts';

type Closed = 'missing' | 'invalid' | 'used' | 'expired';
const CLOSED_STATUS = { missing: 'warning', invalid: 'error', used: 'info', expired: 'warning' } as const;

/**
 * /register/invite?token=…: where an invitation links to (INVITE_PAGE_PATH). Shows whether the
 * invitation can still be used; a pending one is accepted by choosing a username and password.
 */
export function Component() {
  const t = useAccountT();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { lookup, reload } = useInviteState(token);

  const closed = (reason: Closed) => (
    <Result
      status={CLOSED_STATUS[reason]}
      title={t(`invite.${reason}Title`)}
      subTitle={t(`invite.${reason}Text`)}
      extra={
        <LinkButton to="/login" type="primary" size="middle">
          {reason === 'used' ? t('signIn') : t('backToSignIn')}
        </LinkButton>
      }
    />
  );

  const body = () => {
    switch (lookup.status) {
      case 'loading':
        return <Spin style={{ display: 'block', margin: '24px auto' }} aria-label={t('invite.title')} />;
      case 'missing':
      case 'invalid':
        return closed(lookup.status);
      case 'failed':
        return <Result status="error" title={failureText(lookup.error, t)} extra={<Button onClick={reload}>{t('retry')}</Button>} />;
      case 'found':
        if (lookup.invite.state === 'confirmed') return closed('used');
        if (lookup.invite.state === 'expired') return closed('expired');
        return token ? <InviteForm token={token} invite={lookup.invite} onStale={reload} /> : closed('missing');
    }
  };
  return <PublicPage title={t('invite.title')}>{body()}</PublicPage>;
}
