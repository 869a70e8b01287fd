import { useState } from 'react';
import { Link } from 'react-router';
import { useAppStore } from '../../app/store/appStore.ts';
import { PublicOutcome } from '../../components/account/PublicOutcome.tsx';
import { PublicPage } from '../../components/account/PublicPage.tsx';
import { useAccountT } from '../../components/account/messages.ts';
import { RegisterForm } from './RegisterForm.tsx';

/**
 * /register: creating one's own account, offered only while the portal's setting allows it (as
 * /oauth/config reports); otherwise, or when the server refuses because it was just switched
 * off, a "registration is closed" page with the way to sign in.
 */
export function Component() {
  const t = useAccountT();
  const options = useAppStore((state) => state.osConf?.signInOptions);
  const [closedMeanwhile, setClosedMeanwhile] = useState(false);
  const open = !!options?.registration && !closedMeanwhile;

  if (!open) {
    return <PublicOutcome page={t('register.title')} status="info" title={t('register.closedTitle')} text={t('register.closedText')} />;
  }
  return (
    <PublicPage
      title={t('register.title')}
      footer={
        <>
          {t('register.haveAccount')} <Link to="/login">{t('signIn')}</Link>
        </>
      }
    >
      <RegisterForm captchaRequired={!!options.registrationCaptcha} onClosed={() => setClosedMeanwhile(true)} />
    </PublicPage>
  );
}
