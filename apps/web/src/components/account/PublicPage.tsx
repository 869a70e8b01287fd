import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useProductName } from '../productName.ts';

/**
 * The frame of a page reached without signing in (register, invitation, forgotten password,
 * bound-account result, and /login itself): the system's name and the page's heading on a centred panel.
 */
export function PublicPage({
  title,
  children,
  footer,
  maxWidth = 480,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  maxWidth?: number;
}) {
  const { token } = theme.useToken();
  const systemName = useProductName();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, background: token.colorBgLayout }}>
      <section
        aria-labelledby="public-page-title"
        style={{
          width: '100%',
          maxWidth,
          padding: 32,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <p style={{ textAlign: 'center', fontSize: token.fontSizeHeading3, fontWeight: 600, margin: 0 }}>{systemName}</p>
        <h1 id="public-page-title" style={{ textAlign: 'center', fontSize: token.fontSizeLG, fontWeight: 'normal', margin: '8px 0 24px' }}>
          {title}
        </h1>
        {children}
        {footer && <div style={{ marginTop: token.marginMD, textAlign: 'center' }}>{footer}</div>}
      </section>
    </main>
  );
}
