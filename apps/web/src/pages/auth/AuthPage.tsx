import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { startAuthorize } from '../../app/auth/authorize.ts';
import { signInTarget } from '../../app/auth/urls.ts';
import { useAppStore } from '../../app/store/appStore.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';

/**
 * /auth?redirectUri=…: (re)starts the authorization-code flow, landing on redirectUri afterwards.
 * The authorization response itself (code and state) is handled at start-up on any page.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const osConf = useAppStore((state) => state.osConf);
  const target = signInTarget(params.get('redirectUri'));
  useEffect(() => {
    if (osConf) void startAuthorize(osConf, target);
  }, [osConf, target]);
  return (
    <div aria-live="polite">
      <PageSpinner />
      <p style={{ textAlign: 'center' }}>{t('auth.redirecting')}</p>
    </div>
  );
}
