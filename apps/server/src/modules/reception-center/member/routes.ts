import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Member } from '@portal/contracts';
import { principalOf } from '../../../platform/access.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ReceptionCenter } from '../context.ts';

export const memberRoutes: FastifyPluginAsyncTypebox<ReceptionCenter> = async (app, rc) => {
  app.get(
    '/member/who',
    {
      // The one route a third-party page's application token reaches: it learns who its user is.
      config: { access: 'signedIn', acceptsApplicationToken: true },
      schema: { tags: ['member'], summary: 'The signed-in member', response: { 200: Member } },
    },
    async (request) => {
      const user = await rc.directory.byId(principalOf(request).userId);
      if (!user || !user.actived) throw new AppError('UNAUTHORIZED', 'The account is no longer active');
      return rc.permission.toMember(user);
    },
  );
};
