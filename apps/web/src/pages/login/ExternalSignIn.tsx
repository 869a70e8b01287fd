import { EXTERNAL_SIGN_IN_ERRORS, externalSignInEndpoints, pathOf, type OpenIdentityProvider } from '@portal/contracts';
import { Alert, Button } from 'antd';
import { withQuery } from '../../api/query.ts';
import { useExternalSignInT } from './externalSignInMessages.ts';

interface Props {
  providers: readonly OpenIdentityProvider[];
  returnTo: string | undefined;
  /** `?bind=`: an identity waits to be linked by this sign-in (the provider's id). */
  bind: string | null;
  /** `?third_error=`: why the last sign-in through a provider stopped. */
  error: string | null;
  /** The notices above the form, or the buttons below it. */
  part: 'notices' | 'buttons';
}

const knownError = (error: string | null) => EXTERNAL_SIGN_IN_ERRORS.find((known) => known === error);

/** Signing in through an identity provider: its buttons (plain links to the start route), and the notices of its outcome. */
export function ExternalSignIn({ providers, returnTo, bind, error, part }: Props) {
  const t = useExternalSignInT();
  if (part === 'notices') {
    const known = knownError(error);
    const provider = providers.find((item) => item.id === bind)?.name ?? bind;
    return (
      <>
        {known && <Alert type="error" showIcon title={t(`error.${known}`)} role="alert" style={{ marginBottom: 16 }} />}
        {bind && <Alert type="info" showIcon title={t('bind', { provider })} role="status" style={{ marginBottom: 16 }} />}
      </>
    );
  }
  if (bind || providers.length === 0) return null;
  return (
    <div style={{ marginTop: 16 }}>
      <div style={{ textAlign: 'center', marginBottom: 8 }}>{t('or')}</div>
      {providers.map((provider) => (
        <Button
          key={provider.id}
          block
          style={{ marginBottom: 8 }}
          href={withQuery(pathOf(externalSignInEndpoints.start, { id: provider.id }), { return_to: returnTo })}
          icon={provider.icon ? <img src={provider.icon} alt="" width={16} height={16} /> : undefined}
        >
          {provider.name}
        </Button>
      ))}
    </div>
  );
}
