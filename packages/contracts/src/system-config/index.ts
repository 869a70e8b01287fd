/** Endpoint declarations of this area (see endpoint.ts at the package root); each file's groups are exported here. */
import { endpointsIn, type Endpoint } from '../endpoint.ts';
import { baseMapEndpoints } from './base-maps.ts';
import { colourSchemeEndpoints } from './colour-schemes.ts';
import { dictionaryEndpoints } from './dictionaries.ts';
import { iconEndpoints } from './icons.ts';
import { thirdSettingsEndpoints } from './identity-providers.ts';
import { openConfigEndpoints } from './open-config.ts';
import { authSettingsEndpoints, baseSettingsEndpoints, safeSettingsEndpoints } from './settings-endpoints.ts';
import { userConfigEndpoints } from './user-config.ts';

export * from './base-maps.ts';
export * from './colour-schemes.ts';
export * from './dictionaries.ts';
export * from './icons.ts';
export * from './prefix.ts';
export * from './user-config.ts';
export * from './settings.ts';
export * from './open-config.ts';
export * from './settings-endpoints.ts';
export * from './identity-providers.ts';

export const SYSTEM_CONFIG_ENDPOINTS: Endpoint[] = endpointsIn({
  userConfigEndpoints,
  colourSchemeEndpoints,
  dictionaryEndpoints,
  baseMapEndpoints,
  iconEndpoints,
  baseSettingsEndpoints,
  authSettingsEndpoints,
  safeSettingsEndpoints,
  openConfigEndpoints,
  thirdSettingsEndpoints,
});
