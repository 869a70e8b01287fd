import { memberEndpoints as member } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ReceptionCenter } from '../context.ts';

export async function memberRoutes(app: FastifyInstance, rc: ReceptionCenter) {
  registerRoutes(app, [
    route(member.who, async (request) => {
      const user = await rc.directory.byId(principalOf(request).userId);
      if (!user || !user.actived) throw new AppError('UNAUTHORIZED', 'The account is no longer active');
      return rc.permission.toMember(user);
    }),
  ]);
}
