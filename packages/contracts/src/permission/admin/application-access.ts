/**
 * The access of a call on one application that its owner may make too: signed-in, and the handler
 * decides (the server's applications/owner-access.ts): a holder of an element listing the call acts on
 * every application, the application's owner on their own only, anyone else gets 403.
 */
export const ownerOrPoint = {
  access: 'signedIn',
  tags: ['applications'],
  description: 'For holders of an element listing this call, and for the application owner.',
} as const;
