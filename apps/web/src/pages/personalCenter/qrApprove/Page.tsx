import { qrSignInEndpoints } from '@portal/contracts';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { call } from '../../../api/call.ts';

type Step = 'ask' | 'busy' | 'approved' | 'failed';

/**
 * Where a scanned sign-in QR code leads: the signed-in user approves signing in on the other device.
 * Nothing happens without the explicit click.
 */
export function Component(_props: ConsolePageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const approveId = params.get('approveId') ?? '';
  const [step, setStep] = useState<Step>(approveId ? 'ask' : 'failed');

  const approve = async () => {
    setStep('busy');
    try {
      await call(qrSignInEndpoints.approve, { body: { approveId } }, { silent: true });
      setStep('approved');
    } catch {
      setStep('failed');
    }
  };

  if (step === 'approved') return <Result status="success" title={t('qrApprove.approved')} />;
  if (step === 'failed') return <Result status="warning" title={t('qrApprove.expired')} />;
  return (
    <Result
      status="info"
      title={t('qrApprove.title')}
      subTitle={t('qrApprove.explain')}
      extra={
        <Button type="primary" loading={step === 'busy'} onClick={approve} autoFocus>
          {t('qrApprove.approve')}
        </Button>
      }
    />
  );
}
