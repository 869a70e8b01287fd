import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { useAppStore } from '../../app/store/appStore.ts';
import { PublicPage } from '../../components/account/PublicPage.tsx';
import { useAccountT, type AccountT } from '../../components/account/messages.ts';
import { LinkButton } from '../../components/admin/LinkButton.tsx';
import { readBoundAccountResult } from './boundAccountResult.ts';

const KNOWN_PROVIDERS = new Set(['wechat', 'dingtalk', 'feishu', 'github', 'gitlab', 'google', 'microsoft']);

const providerName = (provider: string | undefined, t: AccountT): string =>
  provider === undefined ? t('bound.unknownProvider') : KNOWN_PROVIDERS.has(provider) ? t(`bound.provider.${provider}`) : provider;

/**
 * /boundAccountResult?result=…&type=…[&reason=…]: where binding a third-party account ends. Shows
 * the outcome, with the way back to the bound accounts when signed in, else to sign in.
 */
export function Component() {
  const t = useAccountT();
  const [params] = useSearchParams();
  const outcome = readBoundAccountResult(params);
  const provider = providerName(outcome.provider, t);
  // Binding starts in the personal centre of a signed-in session, which this tab still holds.
  const signedIn = useAppStore((state) => state.userInfo !== null);
  const back = signedIn ? (
    <LinkButton to="/personalCenter/boundAccount" type="primary" size="middle">
      {t('bound.toAccounts')}
    </LinkButton>
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
