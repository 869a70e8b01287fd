import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
// The OpenAPI fields it writes into route schemas (security, description) are declared by swagger.
import type {} from '@fastify/swagger';
import { PORTAL_CLIENT_ID, type EndpointAccess } from '@portal/contracts';
import { AppError } from './errors.ts';

/** How a route is reached (the contracts' EndpointAccess): open, signed-in, gated, or gated with the owner let through. */
export type Access = EndpointAccess;

/**
 * Whether the signed-in user owns what a `gatedOrOwner` request's path names (an application): asked
 * by the guard when the user holds no element listing the call. Unknown or malformed ids are no one's.
 */
export type OwnerCheck = (request: FastifyRequest, userId: string) => Promise<boolean>;

export interface Principal {
  userId: string;
  sessionId: string;
  /** The refresh-token chain the token was issued under: revoking it refuses the token. */
  familyId: string;
  clientId: string;
  scope: string;
  /**
   * Set for an application token (handed to a third-party page): the application it was issued to.
   * Such a token only reaches routes that accept it (`acceptsApplicationToken`); null for a portal token.
   */
  application: string | null;
}

/**
 * Whether the token is the portal's own: issued to the portal's client by its sign-in. A token issued
 * to any other client (an application signing its users in by OpenID Connect) or handed to a
 * third-party page says who its user is and nothing more: were it to reach the console, an
 * application's owner would act with the rights of every user who opened the application.
 */
export const isPortalToken = (principal: Principal): boolean => principal.application === null && principal.clientId === PORTAL_CLIENT_ID;

export interface AccessDeps {
  /** Verifies a bearer access token; null when it is not (or no longer) valid. */
  authenticate(token: string): Promise<Principal | null>;
  /** Whether the user holds an element listing this `METHOD:/path` api entry. */
  isAllowed(userId: string, permission: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A signed-in route that also takes an application token. Off by default: a token handed to a
     * third-party page must not reach the console or the user's portal data, only who the user is.
     */
    acceptsApplicationToken?: boolean;
    /** Filled at registration for gated routes: the `METHOD:/path` an element must list. */
    permission?: string;
    /** A `gatedOrOwner` route's owner check (the server refuses to start without one). */
    ownedBy?: OwnerCheck;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** `GET:/api/permission/users/{id}` for the route GET /api/permission/users/:id. */
export function permissionKey(method: string, url: string): string {
  return `${method.toUpperCase()}:${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header || !header.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
  permission: string | undefined;
  acceptsApplicationToken: boolean;
  /** The route's input schemas, so tests can generate inputs that break them. */
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
}

/**
 * One guard enforces every route's declared access. A route under /api without a declaration is a
 * programming error and stops the server at start-up.
 */
export const accessControl = fp<AccessDeps & { routes: RegisteredRoute[] }>(async (app: FastifyInstance, deps) => {
  app.decorateRequest('principal', null);

  async function guard(request: FastifyRequest) {
    const { access, permission, acceptsApplicationToken, ownedBy } = request.routeOptions.config;
    const token = bearerToken(request);
    const principal = token ? await deps.authenticate(token) : null;
    if (!principal) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
    if (!isPortalToken(principal) && !acceptsApplicationToken) {
      throw new AppError('FORBIDDEN', 'An application token only tells who its user is: it cannot call this endpoint');
    }
    request.principal = principal;
    if (access !== 'gated' && access !== 'gatedOrOwner') return;
    if (await deps.isAllowed(principal.userId, permission ?? '')) return;
    if (access === 'gatedOrOwner' && (await ownedBy?.(request, principal.userId))) return;
    throw new AppError('FORBIDDEN', 'You do not have permission for this action');
  }

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access`);
    const acceptsApplicationToken = route.config?.acceptsApplicationToken === true;
    if (acceptsApplicationToken && access !== 'signedIn') {
      throw new Error(`Route ${String(route.method)} ${route.url}: only a signedIn route may accept application tokens`);
    }
    if (access === 'gatedOrOwner' && typeof route.config?.ownedBy !== 'function') {
      throw new Error(`Route ${String(route.method)} ${route.url} lets owners through but does not say how an owner is found`);
    }
    for (const method of [route.method].flat()) {
      const permission = access === 'gated' || access === 'gatedOrOwner' ? permissionKey(method, route.url) : undefined;
      if (permission) route.config = { ...route.config, permission };
      const { params, querystring, body } = (route.schema ?? {}) as RegisteredRoute['schema'];
      if (access !== 'open') {
        // Attached to the routes that need it only, so open routes (health, sign-in) pay nothing.
        route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
        // Shown in the OpenAPI document: who may call it.
        const gate = `Gated: an element listing \`${permission}\``;
        const who = permission
          ? `${gate}${access === 'gatedOrOwner' ? '; also the owner of the application its path names, on it alone' : ''}.`
          : `Any signed-in user${acceptsApplicationToken ? ', also with an application token' : ''}.`;
        route.schema = {
          ...route.schema,
          security: [{ bearer: [] }],
          description: [route.schema?.description, who].filter(Boolean).join(' '),
        };
      }
      deps.routes.push({ method, url: route.url, access, permission, acceptsApplicationToken, schema: { params, querystring, body } });
    }
  });
});

/** The signed-in caller of a `signedIn` or `gated` route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  return request.principal;
}
