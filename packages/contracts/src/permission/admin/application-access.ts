/**
 * The access of a call on one application that its owner may make too: a holder of an element listing
 * the call acts on every application, the application's owner on their own only (the server's guard
 * asks applications/owner-access.ts), anyone else gets 403, whether the application exists or not.
 */
export const ownerOrPoint = { access: 'gatedOrOwner', tags: ['applications'] } as const;
