import type { LoginPageDesign } from '@portal/contracts';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoginLayout } from '../../../../components/account/LoginLayout.tsx';
import { LoginFormSketch } from './LoginFormSketch.tsx';
import { useLoginSettingT } from './messages.ts';
import { useScale } from './useScale.ts';

/** The window the preview draws the page in, shrunk to the card's width. */
const PAGE = { width: 1280, height: 800 };

interface Props {
  design: LoginPageDesign;
  systemName: string;
  logo: string | null;
  /** The sign-in options that are on (public configuration): the form and links follow them. */
  signInOptions: readonly string[];
}

/**
 * The real sign-in page's layout (LoginLayout) with the draft design, shrunk into a card. It is
 * inert and hidden from assistive technology: a picture of the page, not a second form to use.
 */
export function LoginPreview({ design, systemName, logo, signInOptions }: Props) {
  const t = useLoginSettingT();
  const { i18n } = useTranslation();
  const { ref, scale } = useScale(PAGE.width);
  const methods = ['password', 'qr'].filter((method) => signInOptions.includes(method));
  return (
    <Card size="small" title={t('preview')} data-testid="login-preview">
      <Typography.Paragraph type="secondary">{t('previewHelp')}</Typography.Paragraph>
      <div
        ref={ref}
        style={{ width: '100%', height: PAGE.height * scale, overflow: 'hidden', borderRadius: 6, outline: '1px solid rgba(0,0,0,0.06)' }}
      >
        <div inert aria-hidden style={{ ...PAGE, transform: `scale(${scale})`, transformOrigin: 'top left' }}>
          <LoginLayout
            embedded
            design={design}
            systemName={systemName}
            logo={logo}
            registration={signInOptions.includes('registration')}
            language={{ value: i18n.language, onChange: () => undefined }}
          >
            <LoginFormSketch remember={design.showOptions.rememberMe} methods={methods.length > 0 ? methods : ['password']} />
          </LoginLayout>
        </div>
      </div>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t('layoutFor')}
      </Typography.Paragraph>
    </Card>
  );
}
