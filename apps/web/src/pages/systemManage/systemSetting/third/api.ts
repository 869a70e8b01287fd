import { PORTAL_SYSTEM_ID, thirdSettingsEndpoints as third, type IdentityProviderInput, type ThirdOptions } from '@portal/contracts';
import { call } from '../../../../api/call.ts';

export const THIRD_KEY = ['system-config', 'third', PORTAL_SYSTEM_ID] as const;
const system = { id: PORTAL_SYSTEM_ID };

export const fetchThirdSettings = () => call(third.get, { params: system });
export const saveThirdOptions = (options: ThirdOptions) => call(third.replaceOptions, { params: system, body: options });
export const createProvider = (id: string, input: IdentityProviderInput) =>
  call(third.createProvider, { params: system, body: { ...input, id } });
export const updateProvider = (id: string, input: IdentityProviderInput) =>
  call(third.updateProvider, { params: { ...system, providerId: id }, body: input });
export const deleteProvider = (id: string) => call(third.deleteProvider, { params: { ...system, providerId: id } });
