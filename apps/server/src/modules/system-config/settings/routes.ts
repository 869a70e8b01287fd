import {
  PORTAL_SYSTEM_ID,
  SETTINGS_ENDPOINTS,
  SETTINGS_SECTIONS,
  openConfigEndpoints,
  type BaseSettings,
  type OpenSystemConfig,
  type SettingsSection,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route, type BoundRoute } from '../../../platform/endpoints.ts';
import { notFound } from '../../../platform/errors.ts';
import { pageWindow } from '../../../platform/paging.ts';
import type { SystemConfigService } from '../context.ts';
import { assertBaseFieldsAllowed } from './base-parts.ts';
import { assertSmsSignInPossible } from './rules.ts';
import { restoreVersion, saveSection, storedVersion, versionsOf, type AnySectionState, type SectionState } from './store.ts';

/** There is one system: any other id names nothing. */
export function assertSystem(id: string): void {
  if (id !== PORTAL_SYSTEM_ID) throw notFound(`System ${id}`);
}

/** Whether an If-None-Match header names this entity tag (weak or strong), or is `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** The state of whichever section a route is bound to, as the endpoints of all three declare it. */
const answer = (state: Promise<SectionState<SettingsSection>>) => state as Promise<AnySectionState>;

/** A section's read, save, history, past version and restore. */
function sectionRoutes(s: SystemConfigService, section: SettingsSection): BoundRoute[] {
  const calls = SETTINGS_ENDPOINTS[section];
  return [
    route(calls.get, (request) => {
      assertSystem(request.params.id);
      return answer(s.settings.state(section));
    }),
    route(calls.replace, async (request) => {
      assertSystem(request.params.id);
      if (section === 'base') await assertBaseFieldsAllowed(s, principalOf(request).userId, request.body as BaseSettings);
      await assertSmsSignInPossible(section, request.body, s.smsSignInAvailable);
      return answer(saveSection(s.db, auditActorOf(request), section, request.body));
    }),
    route(calls.versions, (request) => {
      assertSystem(request.params.id);
      return versionsOf(s.db, s.people.userNameOf, section, pageWindow(request.query));
    }),
    route(calls.version, (request) => {
      assertSystem(request.params.id);
      return answer(storedVersion(s.db, section, request.params.version));
    }),
    route(calls.restore, async (request) => {
      assertSystem(request.params.id);
      const stored = await storedVersion(s.db, section, request.params.version);
      await assertSmsSignInPossible(section, stored.value, s.smsSignInAvailable);
      return answer(restoreVersion(s.db, auditActorOf(request), section, request.params.version));
    }),
  ];
}

/** The system settings, and the public configuration the sign-in page and the shell start from. */
export async function settingsRoutes(app: FastifyInstance, s: SystemConfigService) {
  registerRoutes(app, [
    route(openConfigEndpoints.config, async (request, reply) => {
      assertSystem(request.params.id);
      const { json, etag } = await s.settings.openConfig();
      // Cached by browsers, but asked again each time: a change shows on the next page load.
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      // Already serialised (see cache.ts): sent as it is.
      return reply.type('application/json; charset=utf-8').send(json as unknown as OpenSystemConfig);
    }),
    ...SETTINGS_SECTIONS.flatMap((section) => sectionRoutes(s, section)),
  ]);
}
