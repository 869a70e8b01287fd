import { OAUTH_SCOPES, type ConsentRequest } from '@portal/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Result, Typography } from 'antd';
import { isAxiosError } from 'axios';
import { useSearchParams } from 'react-router';
import { PublicPage } from '../../components/account/PublicPage.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { answerConsent, CONSENT_KEY, fetchConsentRequest } from './api.ts';
import { useConsentT, type ConsentT } from './messages.ts';

/** The scopes asked for, in plain words, in the order the portal defines them (never text from the address). */
function ScopeList({ request, t }: { request: ConsentRequest; t: ConsentT }) {
  const asked = OAUTH_SCOPES.filter((scope) => request.scopes.includes(scope));
  return (
    <ul aria-label={t('scopesLabel', { application: request.applicationName })} style={{ paddingInlineStart: 20, margin: '8px 0 16px' }}>
      {asked.map((scope) => (
        <li key={scope}>{t(`scope.${scope}`)}</li>
      ))}
    </ul>
  );
}

/** Why a request cannot be shown: the session ended (401) or the ticket is not this session's, or spent, or expired. */
function Unanswerable({ error, t }: { error: unknown; t: ConsentT }) {
  const signedOut = isAxiosError(error) && error.response?.status === 401;
  return (
    <PublicPage title={signedOut ? t('signInTitle') : t('invalidTitle')}>
      <Result
        status="warning"
        subTitle={signedOut ? t('signInText') : t('invalidText')}
        extra={
          <Button type="primary" href="/OSWorkbench">
            {t('toWorkbench')}
          </Button>
        }
      />
    </PublicPage>
  );
}

/**
 * /consent?ticket=…: an application not marked first-party asks to sign the user in. The page shows
 * what the server keeps of the request (the ticket is all the address carries) and sends the answer;
 * the browser then goes to the application with a code, or with access_denied.
 */
export function Component() {
  const t = useConsentT();
  const ticket = useSearchParams()[0].get('ticket') ?? '';
  const request = useQuery({ queryKey: [...CONSENT_KEY, ticket], queryFn: () => fetchConsentRequest(ticket), retry: false });
  const answer = useMutation({
    mutationFn: (allow: boolean) => answerConsent(ticket, allow),
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
  });

  if (request.isError) return <Unanswerable error={request.error} t={t} />;
  if (!request.data) return <PageSpinner />;
  const asking = request.data;
  const application = asking.applicationName;
  const busy = answer.isPending || answer.isSuccess;
  return (
    <PublicPage title={t('title', { application })}>
      <Flex vertical gap={8}>
        <Typography.Text>{t('account', asking.account)}</Typography.Text>
        <Typography.Paragraph style={{ margin: 0 }}>{t('explain', { application })}</Typography.Paragraph>
        <ScopeList request={asking} t={t} />
        <Typography.Text type="secondary">{t('client', { clientId: asking.clientId })}</Typography.Text>
        <Typography.Text type="secondary">{t('remember')}</Typography.Text>
        {answer.isError && <Alert type="error" showIcon title={t('failed')} />}
        <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
          <Button onClick={() => answer.mutate(false)} disabled={busy} loading={answer.isPending && answer.variables === false}>
            {t('deny')}
          </Button>
          <Button
            type="primary"
            onClick={() => answer.mutate(true)}
            disabled={busy}
            loading={answer.isPending && answer.variables === true}
          >
            {t('allow')}
          </Button>
        </Flex>
      </Flex>
    </PublicPage>
  );
}
