import { endpointsIn, type Endpoint } from './endpoint.ts';
import { MESSAGE_ENGINE_ENDPOINTS } from './message-engine/index.ts';
import { OSS_ENDPOINTS } from './oss/index.ts';
import { PERMISSION_ADMIN_ENDPOINTS } from './permission/admin/index.ts';
import { groupEndpoints } from './permission/groups.ts';
import { positionEndpoints } from './permission/positions.ts';
import { USER_ENDPOINTS } from './permission/users/index.ts';
import { healthEndpoint } from './platform-endpoints.ts';
import { RECEPTION_CENTER_ENDPOINTS } from './reception-center/index.ts';
import { SYSTEM_CONFIG_ENDPOINTS } from './system-config/index.ts';

/** Every endpoint of the permission module. */
export const PERMISSION_ENDPOINTS: Endpoint[] = [
  ...endpointsIn({ groupEndpoints, positionEndpoints }),
  ...USER_ENDPOINTS,
  ...PERMISSION_ADMIN_ENDPOINTS,
];

/** Every endpoint the server answers: what the route-coverage, 403 and fuzz tests walk. */
export const ALL_ENDPOINTS: Endpoint[] = [
  healthEndpoint,
  ...PERMISSION_ENDPOINTS,
  ...RECEPTION_CENTER_ENDPOINTS,
  ...SYSTEM_CONFIG_ENDPOINTS,
  ...MESSAGE_ENGINE_ENDPOINTS,
  ...OSS_ENDPOINTS,
];
