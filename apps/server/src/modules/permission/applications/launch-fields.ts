import type { ApplicationType, OpenType } from '@portal/contracts';
import { badRequest } from '../../../platform/errors.ts';

interface LaunchInput {
  instant: string;
  type: ApplicationType;
  pathname?: string | null | undefined;
  appUrl?: string | null | undefined;
  openType?: OpenType | undefined;
}

/**
 * The fields the workbench needs to open an application of its type (spec §4): a third-party page
 * and a micro front-end load an address (`appUrl`); a portal route (Web, path) opens `pathname`,
 * `/<instant>` unless given. Refuses an application that could not be opened.
 */
export function launchFields(input: LaunchInput) {
  const appUrl = input.appUrl ?? null;
  if ((input.type === 'WebThird' || input.type === 'MicroWeb') && !appUrl) {
    throw badRequest(`appUrl: a ${input.type} application needs the address it loads`, { field: 'appUrl' });
  }
  const routed = input.type === 'Web' || input.type === 'path';
  return {
    type: input.type,
    pathname: input.pathname ?? (routed ? `/${input.instant}` : null),
    appUrl,
    openType: input.openType ?? 'Current',
  };
}
