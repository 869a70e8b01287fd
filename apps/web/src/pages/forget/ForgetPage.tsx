import { Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PublicOutcome } from '../../components/account/PublicOutcome.tsx';
import { PublicPage } from '../../components/account/PublicPage.tsx';
import { useAccountT } from '../../components/account/messages.ts';
import { signInNotice } from '../../components/account/signInNotice.ts';
import { AccountStep } from './AccountStep.tsx';
import { CodeStep } from './CodeStep.tsx';
import { PasswordStep } from './PasswordStep.tsx';

type Stage =
  | { step: 'account' }
  | { step: 'code'; account: string }
  | { step: 'password'; account: string; resetToken: string }
  | { step: 'notConfigured' };

const STEP_INDEX = { account: 0, code: 1, password: 2 } as const;

/**
 * /forget: password recovery by email. Identify the account (a code is mailed), enter the code,
 * set the new password; then sign in. Without a mail server the page says so plainly.
 */
export function Component() {
  const t = useAccountT();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>({ step: 'account' });
  const [account, setAccount] = useState('');
  const startAgain = () => setStage({ step: 'account' });

  if (stage.step === 'notConfigured') {
    return (
      <PublicOutcome
        page={t('forget.title')}
        status="warning"
        title={t('forget.notConfiguredTitle')}
        text={t('forget.notConfiguredText')}
      />
    );
  }
  return (
    <PublicPage title={t('forget.title')} footer={<Link to="/login">{t('backToSignIn')}</Link>}>
      <Steps
        size="small"
        current={STEP_INDEX[stage.step]}
        items={[{ title: t('forget.stepAccount') }, { title: t('forget.stepCode') }, { title: t('forget.stepPassword') }]}
        style={{ marginBottom: 24 }}
      />
      {stage.step === 'account' && (
        <AccountStep
          initial={account}
          onSent={(sentTo) => {
            setAccount(sentTo);
            setStage({ step: 'code', account: sentTo });
          }}
          onNotConfigured={() => setStage({ step: 'notConfigured' })}
        />
      )}
      {stage.step === 'code' && (
        <CodeStep
          account={stage.account}
          onVerified={(resetToken) => setStage({ step: 'password', account: stage.account, resetToken })}
          onOtherAccount={startAgain}
        />
      )}
      {stage.step === 'password' && (
        <PasswordStep
          resetToken={stage.resetToken}
          onStartAgain={startAgain}
          onDone={() => void navigate('/login', { replace: true, state: signInNotice(t('forget.done')) })}
        />
      )}
    </PublicPage>
  );
}
