import type { Application, MenuNode } from '@portal/contracts';
import { applicationFixture, menuNodeFixture } from '../../test/fixtures.ts';

/** Test data for the shell's unit tests (imported by tests only). */

export const application = (id: string, extra: Partial<Application> = {}): Application => applicationFixture({ id, ...extra });

/** A menu node; `resource` defaults to the parent's resource and the name joined by ':'. */
export function menuNode(name: string, extra: Partial<MenuNode> & { parent?: string } = {}): MenuNode {
  const { parent, ...rest } = extra;
  return menuNodeFixture({ name, id: `id-${name}`, title: name.toUpperCase(), resource: parent ? `${parent}:${name}` : name, ...rest });
}
