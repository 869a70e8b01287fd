import { DEFAULT_PRODUCT_NAME } from '@portal/contracts';
import { theme } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isAuthorizeReturn } from '../../app/auth/urls.ts';
import { useAppStore } from '../../app/store/appStore.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { MethodTabs } from './MethodTabs.tsx';
import { PasswordForm } from './PasswordForm.tsx';

// The QR code renderer is only needed when that sign-in method is chosen.
const QrSignIn = lazy(() => import('./QrSignIn.tsx').then((module) => ({ default: module.QrSignIn })));

type Method = 'password' | 'qrcode';

/**
 * /login[?return_to=…]: sign-in at the authorization server, then back into the authorize flow.
 * Built from light widgets only (no Card, Tabs, Typography or Form): this page has a size budget.
 */
export function Component() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const osConf = useAppStore((state) => state.osConf);
  const returnTo = params.get('return_to') ?? undefined;
  const options = osConf?.signInOptions ?? { password: true, qrcode: false, mobile: false, registration: false };
  const methods = (['password', 'qrcode'] as const).filter((method) => options[method]);
  const [chosen, setChosen] = useState<Method>(methods[0] ?? 'password');
  const qrNext = osConf && isAuthorizeReturn(returnTo ?? null, osConf.authorizeUrl) ? returnTo : undefined;
  const labels: Record<Method, string> = { password: t('login.passwordTab'), qrcode: t('login.qrTab') };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, background: token.colorBgLayout }}>
      <section
        aria-labelledby="login-title"
        style={{
          width: '100%',
          maxWidth: 400,
          padding: 32,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <p style={{ textAlign: 'center', fontSize: token.fontSizeHeading3, fontWeight: 600, margin: 0 }}>
          {osConf?.systemName || DEFAULT_PRODUCT_NAME}
        </p>
        <h1 id="login-title" style={{ textAlign: 'center', fontSize: token.fontSizeLG, fontWeight: 'normal', margin: '8px 0 24px' }}>
          {t('login.title')}
        </h1>
        {methods.length > 1 && (
          <MethodTabs
            label={t('login.method')}
            methods={methods.map((value) => ({ value, label: labels[value] }))}
            value={chosen}
            onChange={setChosen}
          />
        )}
        <div id="signin-panel" {...(methods.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `signin-tab-${chosen}` } : {})}>
          {chosen === 'qrcode' ? (
            <Suspense fallback={<PageSpinner />}>
              <QrSignIn next={qrNext} />
            </Suspense>
          ) : (
            <PasswordForm returnTo={returnTo} />
          )}
        </div>
        <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
          <Link to="/forget">{t('login.forgot')}</Link>
          {options.registration && <Link to="/register">{t('login.register')}</Link>}
        </div>
      </section>
    </main>
  );
}
