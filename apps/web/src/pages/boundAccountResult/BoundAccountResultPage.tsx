import type { OpenIdentityProvider } from '@portal/contracts';
import { Button, Result } from 'antd';
import { useSearchParams } from 'react-router';
import { useAppStore } from '../../app/store/appStore.ts';
import { PublicPage } from '../../components/account/PublicPage.tsx';
import { useAccountT, type AccountT } from '../../components/account/messages.ts';
import { LinkButton } from '../../components/admin/LinkButton.tsx';
import { continuation, readBoundAccountResult } from './boundAccountResult.ts';

const KNOWN_PROVIDERS = new Set(['wechat', 'dingtalk', 'feishu', 'github', 'gitlab', 'google', 'microsoft']);

/** The provider's name: a well-known one translated, else its label in the identity-provider settings, else its id. */
const providerName = (provider: string | undefined, t: AccountT, labels: readonly OpenIdentityProvider[]): string => {
  if (provider === undefined) return t('bound.unknownProvider');
  if (KNOWN_PROVIDERS.has(provider)) return t(`bound.provider.${provider}`);
  return labels.find((label) => label.id === provider)?.name ?? provider;
};

/**
 * /boundAccountResult?result=…&type=…[&reason=…]: where binding a third-party account ends. Shows
 * the outcome, with the way back to the bound accounts when signed in, else on into the sign-in.
 */
export function Component() {
  const t = useAccountT();
  const [params] = useSearchParams();
  const outcome = readBoundAccountResult(params);
  const labels = useAppStore((state) => state.systemConfig?.identityProviders) ?? [];
  const provider = providerName(outcome.provider, t, labels);
  // Binding starts in the personal centre of a signed-in session, which this tab still holds.
  const signedIn = useAppStore((state) => state.userInfo !== null);
  const next = continuation(params.get('return_to'));
  const back = signedIn ? (
    <LinkButton to="/personalCenter/boundAccount" type="primary" size="middle">
      {t('bound.toAccounts')}
    </LinkButton>
  ) : next ? (
    // A full navigation: the authorization server's session finishes the sign-in.
    <Button href={next} type="primary">
      {t('bound.continue')}
    </Button>
  ) : (
    <LinkButton to="/login" type="primary" size="middle">
      {t('signIn')}
    </LinkButton>
  );
  const title = outcome.success ? t('bound.successTitle', { provider }) : t('bound.failureTitle', { provider });
  return (
    <PublicPage title={title}>
      <Result
        status={outcome.success ? 'success' : 'error'}
        subTitle={outcome.success ? t('bound.successText', { provider }) : t(`bound.reason.${outcome.reason}`, { provider })}
        extra={back}
      />
    </PublicPage>
  );
}
