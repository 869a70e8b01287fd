export * from './prefix.ts';
export * from './groups.ts';
export * from './positions.ts';
export * from './relations.ts';
export * from './users/index.ts';
export * from './admin/index.ts';
