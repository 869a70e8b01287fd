import { LANGUAGES, type Language, type LoginPageDesign } from '@portal/contracts';
import { Button, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGE_NAMES } from '../languageNames.ts';

export interface LoginLayoutProps {
  /** The sign-in page's design (base settings' loginPage): the real page's, or a draft to preview. */
  design: LoginPageDesign;
  systemName: string;
  logo: string | null;
  /** Self-registration is on: the page links to it. */
  registration: boolean;
  /** The language shown and how to change it, for the design's language switch. */
  language: { value: string; onChange: (language: Language) => void };
  /** Fills its box rather than the window (the console's preview); the page is then no landmark. */
  embedded?: boolean;
  /** The sign-in form. */
  children: ReactNode;
}

/** `url("…")` for CSS: the address is checked by the settings' schema; the quotes keep it one token. */
const cssUrl = (address: string) => `url(${JSON.stringify(address)})`;

/**
 * The sign-in page's frame as its design says: the form in the middle or as a column at a side,
 * over the background colour or image, under the logo, name, heading and subheading, with the
 * links and language switch the design and the sign-in options call for, and the footer. Only
 * light widgets: /login has a size budget.
 */
export function LoginLayout({ design, systemName, logo, registration, language, embedded, children }: LoginLayoutProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const side = design.layout !== 'center';
  const { color, image } = design.background;
  const page: CSSProperties = {
    minHeight: embedded ? '100%' : '100vh',
    height: embedded ? '100%' : undefined,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    alignItems: design.layout === 'left' ? 'flex-start' : design.layout === 'right' ? 'flex-end' : 'center',
    justifyContent: 'center',
    padding: side ? 0 : 16,
    background: color ?? token.colorBgLayout,
    ...(image ? { backgroundImage: cssUrl(image), backgroundSize: 'cover', backgroundPosition: 'center' } : {}),
  };
  const panel: CSSProperties = {
    width: '100%',
    maxWidth: side ? 440 : 400,
    boxSizing: 'border-box',
    padding: side ? '48px 40px' : 32,
    background: token.colorBgContainer,
    boxShadow: token.boxShadowTertiary,
    ...(side ? { flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center' } : { borderRadius: token.borderRadiusLG }),
  };
  const footer = design.footer && (
    <p style={{ margin: side ? '24px 0 0' : '16px 0 0', textAlign: 'center', color: token.colorTextSecondary }}>{design.footer}</p>
  );
  const Root = embedded ? 'div' : 'main';
  return (
    <Root style={page} data-login-layout={design.layout}>
      <section aria-labelledby="public-page-title" style={panel}>
        <div style={{ margin: side ? 'auto 0' : 0 }}>
          <p style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12, margin: 0 }}>
            {logo && <img src={logo} alt="" height={40} style={{ maxWidth: 120, objectFit: 'contain' }} />}
            <span style={{ fontSize: token.fontSizeHeading3, fontWeight: 600 }}>{systemName}</span>
          </p>
          <h1 id="public-page-title" style={{ textAlign: 'center', fontSize: token.fontSizeLG, fontWeight: 'normal', margin: '8px 0 0' }}>
            {design.title ?? t('login.title')}
          </h1>
          {design.subtitle && <p style={{ textAlign: 'center', color: token.colorTextSecondary, margin: '4px 0 0' }}>{design.subtitle}</p>}
          <div style={{ marginTop: 24 }}>{children}</div>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, marginTop: 16 }}>
            {design.showOptions.forgotPassword && <Link to="/forget">{t('login.forgot')}</Link>}
            {registration && <Link to="/register">{t('login.register')}</Link>}
          </div>
          {design.showOptions.languageSwitch && <LanguageSwitch {...language} />}
        </div>
        {side && footer}
      </section>
      {!side && footer}
    </Root>
  );
}

function LanguageSwitch({ value, onChange }: LoginLayoutProps['language']) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('login.language')} style={{ display: 'flex', justifyContent: 'center', gap: 4, marginTop: 16 }}>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          type="text"
          size="small"
          lang={language}
          aria-pressed={language === value}
          style={{ fontWeight: language === value ? 600 : undefined }}
          onClick={() => onChange(language)}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </div>
  );
}
