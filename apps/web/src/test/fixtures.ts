import type { Application, MenuNode } from '@portal/contracts';

/** Records for unit tests (imported by tests only): every field filled, the ones a test names overridden. */

export const applicationFixture = (fields: Partial<Application> & Pick<Application, 'id'>): Application => ({
  instant: fields.id,
  name: `App ${fields.id}`,
  type: 'Web',
  category: [],
  pathname: `/${fields.instant ?? fields.id}`,
  appUrl: null,
  openType: 'Current',
  appCategory: null,
  redirect: null,
  icon: null,
  description: null,
  state: 'enabled',
  firstParty: false,
  ownerId: null,
  ownerName: null,
  menuId: `menu-${fields.id}`,
  sort: 0,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  ...fields,
});

/** A menu node; id, title and resource default to its name. */
export const menuNodeFixture = (fields: Partial<MenuNode> & Pick<MenuNode, 'name'>): MenuNode => ({
  id: fields.name,
  parentId: null,
  title: fields.name,
  type: 'path',
  resource: fields.name,
  icon: null,
  pageIcon: null,
  status: fields.type === 'element' ? '0' : null,
  api: [],
  detail: false,
  hide: false,
  redirect: null,
  sort: 0,
  children: [],
  ...fields,
});
