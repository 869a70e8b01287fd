import { OAUTH_SCOPES, type ConsentRequest } from '@portal/contracts';
import { Alert, Button, Flex, Result, Typography } from 'antd';
import { isAxiosError } from 'axios';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PublicPage } from '../../components/account/PublicPage.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { answerConsent, fetchConsentRequest } from './api.ts';
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
  // A public page, outside the shell's query client: one read, then one answer.
  const [request, setRequest] = useState<{ data?: ConsentRequest; error?: unknown }>({});
  const [answer, setAnswer] = useState<{ sending?: boolean; failed?: boolean }>({});
  useEffect(() => {
    let current = true;
    fetchConsentRequest(ticket).then(
      (data) => current && setRequest({ data }),
      (error: unknown) => current && setRequest({ error: error ?? 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [ticket]);

  const send = (allow: boolean) => {
    setAnswer({ sending: allow });
    answerConsent(ticket, allow).then(
      // The answer's address keeps the buttons busy until the browser has left.
      ({ redirectTo }) => window.location.assign(redirectTo),
      () => setAnswer({ failed: true }),
    );
  };

  if (request.error !== undefined) return <Unanswerable error={request.error} t={t} />;
  if (!request.data) return <PageSpinner />;
  const asking = request.data;
  const application = asking.applicationName;
  const busy = answer.sending !== undefined;
  return (
    <PublicPage title={t('title', { application })}>
      <Flex vertical gap={8}>
        <Typography.Text>{t('account', asking.account)}</Typography.Text>
        <Typography.Paragraph style={{ margin: 0 }}>{t('explain', { application })}</Typography.Paragraph>
        <ScopeList request={asking} t={t} />
        <Typography.Text type="secondary">{t('client', { clientId: asking.clientId })}</Typography.Text>
        <Typography.Text type="secondary">{t('remember')}</Typography.Text>
        {answer.failed && <Alert type="error" showIcon title={t('failed')} />}
        <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
          <Button onClick={() => send(false)} disabled={busy} loading={answer.sending === false}>
            {t('deny')}
          </Button>
          <Button type="primary" onClick={() => send(true)} disabled={busy} loading={answer.sending === true}>
            {t('allow')}
          </Button>
        </Flex>
      </Flex>
    </PublicPage>
  );
}
