export * from './errors.ts';
export * from './constants.ts';
export * from './menu-catalogue.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './menus.ts';
export * from './paging.ts';
export * from './identity.ts';
