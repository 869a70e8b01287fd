import { Flex, QRCode, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQrSignIn, type QrStatus } from './useQrSignIn.ts';

const TEXTS: Record<QrStatus, string> = {
  loading: 'login.qrHint',
  active: 'login.qrHint',
  approved: 'login.qrApproved',
  expired: 'login.qrExpired',
  optionOff: 'login.qrOff',
  enrolFirst: 'login.qrEnrolFirst',
};

/** The code's look: a refused round shows as expired (with its refresh), its text says why. */
const codeStatus = (status: QrStatus) =>
  status === 'approved' ? 'scanned' : status === 'optionOff' || status === 'enrolFirst' ? 'expired' : status;

/** Sign-in by QR code: scan with a signed-in device to approve; an expired code offers a refresh. */
export function QrSignIn({ next }: { next: string | undefined }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { code, status, restart } = useQrSignIn(next);
  const text = t(TEXTS[status]);
  return (
    <Flex vertical align="center" gap={16}>
      <QRCode value={code?.content ?? '-'} status={codeStatus(status)} onRefresh={restart} size={200} aria-label={t('login.qrTab')} />
      <p role="status" style={{ color: token.colorTextSecondary, textAlign: 'center', margin: 0 }}>
        {text}
      </p>
    </Flex>
  );
}
