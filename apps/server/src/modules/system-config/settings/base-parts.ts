import type { BaseSettings } from '@portal/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { SystemConfigService } from '../context.ts';

/** The point that saves the whole base section: System settings' Edit. */
export const WHOLE_BASE_POINT = 'systemManage:systemSetting:update';

/**
 * The pages that save the base section for a part of it (the catalogue's BASE_PART_POINTS): the
 * sign-in page's design and the default look. Their Edit points reach the same call as System
 * settings', so the call itself keeps each to its fields.
 */
export const BASE_PART_POINTS: readonly { point: string; fields: readonly (keyof BaseSettings)[] }[] = [
  { point: 'systemManage:systemStyle:loginSetting:update', fields: ['loginPage', 'logo'] },
  { point: 'systemManage:navManage:themeSetting:update', fields: ['defaultTheme', 'defaultLayout'] },
];

/** The base fields whose value differs between the two. */
const changedFields = (current: BaseSettings, next: BaseSettings) =>
  (Object.keys(next) as (keyof BaseSettings)[]).filter((field) => JSON.stringify(current[field]) !== JSON.stringify(next[field]));

/**
 * Refuses (403) a save of the base section that changes a field the caller's points do not cover:
 * with System settings' Edit every field, else only those of the part pages the caller may edit.
 */
export async function assertBaseFieldsAllowed(service: SystemConfigService, userId: string, next: BaseSettings): Promise<void> {
  if (await service.holdsResource(userId, WHOLE_BASE_POINT)) return;
  const allowed = new Set<keyof BaseSettings>();
  for (const part of BASE_PART_POINTS) {
    if (await service.holdsResource(userId, part.point)) part.fields.forEach((field) => allowed.add(field));
  }
  const current = (await service.settings.state('base')).value;
  const refused = changedFields(current, next).filter((field) => !allowed.has(field));
  if (refused.length > 0) {
    throw new AppError('FORBIDDEN', `Your permissions do not cover changing ${refused.join(', ')} of the base settings`, {
      fields: refused,
    });
  }
}
