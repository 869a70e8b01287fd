import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/** What the peer's next ID token says of its user (any claim; `sub` at least). */
export type PeerClaims = { sub: string } & Record<string, unknown>;

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
  claims: PeerClaims;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A small but real OpenID Connect provider for the relying-party tests, written with jose: discovery,
 * keys, an authorize endpoint that signs in whoever `user` names at once, and a token endpoint that
 * checks the client's secret, the redirect URI and the PKCE verifier, and signs an ES256 ID token.
 * Its answers can be bent (another issuer in discovery, another nonce) to see the portal refuse them.
 */
export async function startOidcPeer(client: { id: string; secret: string }) {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'peer-key', alg: 'ES256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const peer = {
    issuer: '',
    /** Who the next authorization signs in. */
    user: { sub: 'peer-user' } as PeerClaims,
    /** Bends the answers: another issuer in the discovery document, another nonce in the ID token. */
    bend: {} as { issuer?: string; nonce?: string },
    /** Every authorization request the peer received, as its query. */
    authorizeRequests: [] as URLSearchParams[],
    /** How many requests reached it, of any kind (discovery, token, keys). */
    requests: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const idToken = (grant: Grant, key: CryptoKey) =>
    new SignJWT({ ...grant.claims, ...(grant.nonce || peer.bend.nonce ? { nonce: peer.bend.nonce ?? grant.nonce } : {}) })
      .setProtectedHeader({ alg: 'ES256', kid: 'peer-key' })
      .setIssuer(peer.issuer)
      .setAudience(grant.clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);

  const server: Server = createServer((request, response) => {
    peer.requests += 1;
    const url = new URL(request.url ?? '/', peer.issuer);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: peer.bend.issuer ?? peer.issuer,
        authorization_endpoint: `${peer.issuer}/authorize`,
        token_endpoint: `${peer.issuer}/token`,
        jwks_uri: `${peer.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['ES256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      peer.authorizeRequests.push(url.searchParams);
      const q = url.searchParams;
      const code = randomBytes(16).toString('hex');
      grants.set(code, {
        clientId: q.get('client_id') ?? '',
        redirectUri: q.get('redirect_uri') ?? '',
        challenge: q.get('code_challenge') ?? '',
        nonce: q.get('nonce') ?? undefined,
        claims: { ...peer.user },
      });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      void readBody(request).then(async (text) => {
        const form = new URLSearchParams(text);
        const basic = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
        const [id, secret] = basic.split(':').map((part) => decodeURIComponent(part));
        if (id !== client.id || secret !== client.secret) return json(401, { error: 'invalid_client' });
        const grant = grants.get(form.get('code') ?? '');
        grants.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (!grant || grant.redirectUri !== form.get('redirect_uri') || grant.challenge !== challenge) {
          return json(400, { error: 'invalid_grant' });
        }
        return json(200, {
          access_token: 'peer-access',
          token_type: 'Bearer',
          expires_in: 300,
          id_token: await idToken(grant, privateKey),
        });
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return peer;
}

export type OidcPeer = Awaited<ReturnType<typeof startOidcPeer>>;
