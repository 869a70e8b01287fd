import type { IdentityProviderInput } from '@portal/contracts';
import type { ProviderValues } from './ProviderFormModal.tsx';

/** The form's values as the server takes them: no empty icon, no empty secret (empty keeps the stored one), no id. */
export const inputOf = ({ id: _id, icon, clientSecret, ...rest }: ProviderValues): IdentityProviderInput => ({
  ...rest,
  icon: icon?.trim() ? icon.trim() : null,
  ...(clientSecret ? { clientSecret } : {}),
});
