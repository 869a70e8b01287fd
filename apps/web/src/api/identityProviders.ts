import { identityProviderButtonEndpoints, type IdentityProviderButton } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { call } from './call.ts';

/** The enabled identity providers' buttons; none while loading or when the call fails (the password form stays). */
export function useIdentityProviders(): IdentityProviderButton[] {
  const [providers, setProviders] = useState<IdentityProviderButton[]>([]);
  useEffect(() => {
    call(identityProviderButtonEndpoints.providers, undefined, { silent: true }).then(setProviders, () => undefined);
  }, []);
  return providers;
}
