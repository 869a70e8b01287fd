import { Result, type ResultProps } from 'antd';
import { LinkButton } from '../admin/LinkButton.tsx';
import { useAccountT } from './messages.ts';
import { PublicPage } from './PublicPage.tsx';

/** A public page that can only report something (closed, not configured …) and offer the way to sign in. */
export function PublicOutcome({ page, status, title, text }: { page: string; status: ResultProps['status']; title: string; text: string }) {
  const t = useAccountT();
  return (
    <PublicPage title={page}>
      <Result
        status={status}
        title={title}
        subTitle={text}
        extra={
          <LinkButton to="/login" type="primary" size="middle">
            {t('backToSignIn')}
          </LinkButton>
        }
      />
    </PublicPage>
  );
}
