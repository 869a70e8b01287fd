/** Endpoint declarations of this area (see endpoint.ts at the package root); each file's groups are exported here. */
export {};
