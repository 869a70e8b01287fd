import type { TotpEnrolment } from '@portal/contracts';
import { Flex, QRCode, Typography } from 'antd';

/** The secret in groups of four, as authenticator apps show keys: easier to type by hand. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** A new authenticator app's key: the QR code to scan and the secret to type by hand, each with its line of text. */
export function TotpKey({ enrolment, texts }: { enrolment: TotpEnrolment; texts: { scan: string; qrLabel: string; manual: string } }) {
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <span>{texts.scan}</span>
      <QRCode value={enrolment.otpauthUrl} size={180} aria-label={texts.qrLabel} style={{ alignSelf: 'center' }} />
      <span>{texts.manual}</span>
      <Typography.Text code copyable={{ text: enrolment.secret }} data-testid="totp-secret" style={{ alignSelf: 'center' }}>
        {groupedSecret(enrolment.secret)}
      </Typography.Text>
    </Flex>
  );
}
