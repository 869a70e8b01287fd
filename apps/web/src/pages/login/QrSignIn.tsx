import { Flex, QRCode, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQrSignIn } from './useQrSignIn.ts';

/** Sign-in by QR code: scan with a signed-in device to approve; an expired code offers a refresh. */
export function QrSignIn({ next }: { next: string | undefined }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { code, status, restart } = useQrSignIn(next);
  const text = status === 'approved' ? t('login.qrApproved') : status === 'expired' ? t('login.qrExpired') : t('login.qrHint');
  return (
    <Flex vertical align="center" gap={16}>
      <QRCode
        value={code?.content ?? '-'}
        status={status === 'approved' ? 'scanned' : status}
        onRefresh={restart}
        size={200}
        aria-label={t('login.qrTab')}
      />
      <p role="status" style={{ color: token.colorTextSecondary, textAlign: 'center', margin: 0 }}>
        {text}
      </p>
    </Flex>
  );
}
