export * from './prefix.ts';
export * from './groups.ts';
export * from './positions.ts';
export * from './relations.ts';
