import { DEFAULT_LOGIN_PAGE, EXTERNAL_SIGN_IN_QUERY } from '@portal/contracts';
import { Alert } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { isAuthorizeReturn } from '../../app/auth/urls.ts';
import { setLanguage } from '../../app/i18n/index.ts';
import { useAppStore } from '../../app/store/appStore.ts';
import { LoginLayout } from '../../components/account/LoginLayout.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useProductName } from '../../components/productName.ts';
import { MethodTabs } from './MethodTabs.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { signInChoices, type Method } from './signInChoices.ts';

// The QR code renderer is only needed when that sign-in method is chosen.
const QrSignIn = lazy(() => import('./QrSignIn.tsx').then((module) => ({ default: module.QrSignIn })));
// Only when SMS-code sign-in is on, and chosen.
const SmsSignIn = lazy(() => import('./SmsSignIn.tsx').then((module) => ({ default: module.SmsSignIn })));
// Only accounts with an authenticator app reach the code step.
const TotpStep = lazy(() => import('./TotpStep.tsx').then((module) => ({ default: module.TotpStep })));
// Only when identity providers are offered, or a sign-in through one has sent the browser back here.
const ExternalSignIn = lazy(() => import('./ExternalSignIn.tsx').then((module) => ({ default: module.ExternalSignIn })));

/** A password sign-in waiting for its authentication code, or for setting up the app the settings require (`enrol`). */
interface CodeStep {
  ticket: string;
  username: string;
  enrol: boolean;
}

/**
 * /login[?return_to=…]: sign-in at the authorization server, then back into the authorize flow.
 * Laid out as the base settings' sign-in page design says (LoginLayout, which the console's
 * preview shows too), offering the sign-in options that are on. Built from light widgets only
 * (no Card, Tabs, Typography or Form): this page has a size budget.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const osConf = useAppStore((state) => state.osConf);
  const system = useAppStore((state) => state.systemConfig);
  const systemName = useProductName();
  const returnTo = params.get('return_to') ?? undefined;
  // A translated confirmation from /register, /forget or an invitation (components/account/signInNotice.ts).
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const design = system?.loginPage ?? DEFAULT_LOGIN_PAGE;
  const { methods, registration } = signInChoices(system, osConf);
  const [chosen, setChosen] = useState<Method>(methods[0] ?? 'password');
  // A sign-in through an identity provider arrives at the code step, or at the app's set-up the settings require.
  const [codeStep, setCodeStep] = useState<CodeStep | null>(() => {
    const code = params.get(EXTERNAL_SIGN_IN_QUERY.totpTicket);
    const enrol = params.get(EXTERNAL_SIGN_IN_QUERY.enrolTicket);
    return code || enrol ? { ticket: code ?? enrol ?? '', username: '', enrol: !code } : null;
  });
  const providers = system?.identityProviders ?? [];
  const bind = params.get(EXTERNAL_SIGN_IN_QUERY.bind);
  const thirdError = params.get(EXTERNAL_SIGN_IN_QUERY.error);
  const external = (part: 'notices' | 'buttons') =>
    (providers.length > 0 || bind || thirdError) && (
      <Suspense fallback={null}>
        <ExternalSignIn providers={providers} returnTo={returnTo} bind={bind} error={thirdError} part={part} />
      </Suspense>
    );
  const [restartReason, setRestartReason] = useState<string>();
  const qrNext = osConf && isAuthorizeReturn(returnTo ?? null, osConf.authorizeUrl) ? returnTo : undefined;
  const labels: Record<Method, string> = { password: t('login.passwordTab'), qrcode: t('login.qrTab'), sms: t('login.smsTab') };

  return (
    <LoginLayout
      design={design}
      systemName={systemName}
      logo={system?.logo ?? null}
      registration={registration}
      language={{ value: i18n.language, onChange: (language) => void setLanguage(language) }}
    >
      {typeof notice === 'string' && <Alert type="success" showIcon title={notice} role="status" style={{ marginBottom: 16 }} />}
      {external('notices')}
      {codeStep ? (
        <Suspense fallback={<PageSpinner />}>
          <TotpStep
            ticket={codeStep.ticket}
            username={codeStep.username}
            enrol={codeStep.enrol}
            returnTo={returnTo}
            onRestart={(reason) => {
              setRestartReason(reason);
              setCodeStep(null);
            }}
          />
        </Suspense>
      ) : (
        <>
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
            ) : chosen === 'sms' ? (
              <Suspense fallback={<PageSpinner />}>
                <SmsSignIn returnTo={returnTo} offerRemember={design.showOptions.rememberMe} onCodeRequired={setCodeStep} />
              </Suspense>
            ) : (
              <PasswordForm
                returnTo={returnTo}
                offerRemember={design.showOptions.rememberMe}
                notice={restartReason}
                onCodeRequired={setCodeStep}
              />
            )}
          </div>
          {external('buttons')}
        </>
      )}
    </LoginLayout>
  );
}
