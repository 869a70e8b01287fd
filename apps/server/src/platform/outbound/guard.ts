import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isRefusedName, refusedRangeOf } from './addresses.ts';
import { compileAllowList } from './allow-list.ts';

/**
 * The one error of a connection that did not happen or did not finish: the address is not allowed,
 * the name does not resolve, the port is closed, the peer reset or did not answer in time, TLS
 * failed. All read the same, so a caller cannot tell a refused address from a closed port (the
 * test button of a channel is no port scanner); the server's log has the reason.
 */
export class OutboundError extends Error {
  readonly code = 'OUTBOUND_UNREACHABLE';
  constructor(what: string) {
    super(`The ${what} could not be reached (the server's log has the reason)`);
  }
}

/** A redirect answered: never followed (it could carry a channel's secret headers, or point inside). */
export class OutboundRedirectError extends Error {
  readonly code = 'OUTBOUND_REDIRECT';
  constructor(
    what: string,
    readonly status: number,
  ) {
    super(`The ${what} answered ${status}, a redirect, which is not followed`);
  }
}

/** Why an address was not connected to; the server's log only. */
class RefusedAddress extends Error {}

export interface OutboundRequest {
  /** Who is called, as the error names it: 'webhook receiver', 'identity provider'. */
  what: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Bound on the whole exchange, connection to last byte read (default 10 s). */
  timeoutMs?: number;
  /** Bytes of the answer read at most (default 64 KiB); past them the rest is not read. */
  maxBytes?: number;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: Headers;
  /** The answer's first `maxBytes` bytes. */
  body: Buffer;
  /** The whole answer fitted in `maxBytes`. */
  complete: boolean;
}

/** openid-client's customFetch, and the options it calls it with. */
export type GuardedFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown; signal?: AbortSignal },
) => Promise<Response>;

/** The address a host resolved to, checked: connect to `address`; `servername` is the name, for TLS. */
export interface CheckedTarget {
  address: string;
  servername: string | undefined;
}

export interface Outbound {
  /** An HTTP(S) request to a configured address: any answer but a redirect; OutboundError when there is none. */
  request(url: string | URL, options: OutboundRequest): Promise<OutboundResponse>;
  /** A fetch for openid-client (customFetch) under the same rule, reading at most `maxBytes`. */
  fetchFor(what: string, maxBytes: number): GuardedFetch;
  /** Resolves a host once and checks it (SMTP, which connects to the address itself). */
  resolve(what: string, host: string): Promise<CheckedTarget>;
  /**
   * Why a host is refused without looking it up (an IP address in a refused range, localhost, a
   * metadata name), or null. For a 400 when an address is saved; resolving names then would tell
   * an administrator what the internal DNS knows.
   */
  refusal(host: string): string | null;
  /**
   * The one error for a connection made elsewhere (SMTP, by nodemailer, to an address `resolve`
   * checked) that failed: `reason` goes to the server's log, never to the caller.
   */
  unreachable(what: string, place: string, reason: unknown): OutboundError;
  /** Closes the kept-alive connections. */
  close(): void;
}

export interface OutboundOptions {
  /** OUTBOUND_ALLOW's entries (platform/config.ts). */
  allow: readonly string[];
  /** Where the reason of each failure goes (never to the caller). */
  log?: { warn(details: object, message: string): void };
  /** How names are resolved (dns.lookup; a test gives its own to make a name resolve to loopback). */
  lookup?: (
    hostname: string,
    options: { all: true; family: number },
    done: (error: Error | null, addresses: LookupAddress[]) => void,
  ) => void;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 64 * 1024;
/** A host as it is judged: no IPv6 brackets, lower-case, no root dot (`localhost.` is localhost). */
const bare = (host: string) =>
  host
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');

/**
 * The outbound-request guard: every connection the server makes to an address a person configured
 * (webhooks, SMS gateways, SMTP servers of channels, identity providers, menu.json) goes through
 * it. A name is resolved once and the connection made to the address that was checked (the lookup
 * of the socket itself checks), so a name cannot resolve to a public address for the check and to
 * an internal one for the connection.
 */
export function createOutbound(options: OutboundOptions): Outbound {
  const allow = compileAllowList(options.allow);
  const permitted = (address: string) => refusedRangeOf(address) === null || allow.allowsAddress(address);

  function refusal(host: string): string | null {
    const name = bare(host);
    if (isIP(name)) {
      const range = refusedRangeOf(name);
      return range && !allow.allowsAddress(name) ? `${name} is ${range}, which OUTBOUND_ALLOW does not allow` : null;
    }
    if (isRefusedName(name) && !allow.allowsName(name)) return `${name} names this machine or a metadata service`;
    return null;
  }

  /** The addresses of a name, every one of them allowed (an allowed name: whatever they are). */
  function checkedAddresses(hostname: string, family: number, done: (error: Error | null, addresses: LookupAddress[]) => void) {
    const early = refusal(hostname);
    if (early) return void process.nextTick(done, new RefusedAddress(early), []);
    (options.lookup ?? dnsLookup)(hostname, { all: true, family }, (error, addresses) => {
      if (error) return done(error, []);
      const refused = allow.allowsName(hostname) ? undefined : addresses.find((each) => !permitted(each.address));
      if (refused) return done(new RefusedAddress(`${hostname} resolves to ${refused.address}, ${refusedRangeOf(refused.address)}`), []);
      if (addresses.length === 0) return done(new Error(`${hostname} has no address`), []);
      done(null, addresses);
    });
  }

  // The socket's own lookup: what it connects to is what was checked.
  const lookup = ((hostname: string, lookupOptions: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
    checkedAddresses(hostname, lookupOptions.family ?? 0, (error, addresses) => {
      if (error) return callback(error);
      if (lookupOptions.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first?.address, first?.family);
    });
  }) as unknown as LookupFunction;

  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

  const unreachable = (what: string, place: string, reason: unknown) => {
    const detail = reason instanceof Error ? reason.message : String(reason);
    options.log?.warn({ what, origin: place, reason: detail }, 'outbound request failed');
    return new OutboundError(what);
  };
  const failed = (what: string, url: URL, reason: unknown) => unreachable(what, `${url.protocol}//${url.host}`, reason);

  function request(target: string | URL, init: OutboundRequest): Promise<OutboundResponse> {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return Promise.reject(new OutboundError(init.what));
    }
    const protocol = url.protocol;
    if (protocol !== 'http:' && protocol !== 'https:')
      return Promise.reject(failed(init.what, url, `the scheme ${protocol} is not http(s)`));
    const host = bare(url.hostname);
    const early = isIP(host) ? refusal(host) : null;
    if (early) return Promise.reject(failed(init.what, url, early));
    const maxBytes = init.maxBytes ?? DEFAULT_MAX_BYTES;
    const timeoutMs = init.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return new Promise<OutboundResponse>((resolve, reject) => {
      let settled = false;
      let current: http.ClientRequest | undefined;
      const fail = (reason: unknown) => {
        if (settled) return;
        settled = true;
        cleanUp();
        current?.destroy();
        reject(reason instanceof OutboundRedirectError ? reason : failed(init.what, url, reason));
      };
      const deadline = setTimeout(() => fail(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      const onAbort = () => fail(new Error('aborted'));
      init.signal?.addEventListener('abort', onAbort, { once: true });
      const cleanUp = () => {
        clearTimeout(deadline);
        init.signal?.removeEventListener('abort', onAbort);
      };
      const finish = (answer: OutboundResponse) => {
        if (settled) return;
        settled = true;
        cleanUp();
        resolve(answer);
      };

      const send = (retried: boolean) => {
        const req = (protocol === 'https:' ? https : http).request({
          protocol,
          host,
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: init.method ?? 'GET',
          headers: init.headers,
          agent: agents[protocol],
          lookup,
        });
        current = req;
        let answered = false;
        req.on('error', (error: NodeJS.ErrnoException) => {
          // A kept-alive connection the peer closed while it sat idle fails at once, before any
          // answer, with the request unread: sent again once on a new connection (Node's advice).
          const stale = req.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
          if (stale && !retried && !settled) return send(true);
          fail(error);
        });
        req.on('response', (response) => {
          answered = true;
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400) return fail(new OutboundRedirectError(init.what, status));
          const chunks: Buffer[] = [];
          let read = 0;
          const done = (complete: boolean) => {
            // A body left unread would hold the connection: past the bound it is dropped.
            if (!complete) response.destroy();
            const headers = new Headers();
            for (let i = 0; i + 1 < response.rawHeaders.length; i += 2)
              headers.append(response.rawHeaders[i] ?? '', response.rawHeaders[i + 1] ?? '');
            finish({ status, headers, body: Buffer.concat(chunks), complete });
          };
          response.on('data', (chunk: Buffer) => {
            const room = maxBytes - read;
            read += chunk.byteLength;
            if (chunk.byteLength <= room) return void chunks.push(chunk);
            chunks.push(chunk.subarray(0, room));
            done(false);
          });
          response.on('end', () => done(true));
          response.on('error', fail);
        });
        req.end(init.body);
      };
      if (init.signal?.aborted) return onAbort();
      send(false);
    });
  }

  function fetchFor(what: string, maxBytes: number): GuardedFetch {
    return async (url, init) => {
      const form = init.body instanceof URLSearchParams && !Object.keys(init.headers).some((name) => name.toLowerCase() === 'content-type');
      const headers = form ? { ...init.headers, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' } : init.headers;
      const answer = await request(url, { what, method: init.method, headers, body: fetchBody(init.body), signal: init.signal, maxBytes });
      if (!answer.complete) throw failed(what, new URL(url), `the answer is larger than ${maxBytes} bytes`);
      try {
        return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers: answer.headers });
      } catch (error) {
        throw failed(what, new URL(url), error);
      }
    };
  }

  function resolve(what: string, host: string): Promise<CheckedTarget> {
    const name = bare(host);
    const place = new URL(`tcp://${isIP(name) === 6 ? `[${name}]` : name}`);
    if (isIP(name)) {
      const early = refusal(name);
      return early ? Promise.reject(failed(what, place, early)) : Promise.resolve({ address: name, servername: undefined });
    }
    return new Promise((done, reject) =>
      checkedAddresses(name, 0, (error, addresses) =>
        error || !addresses[0] ? reject(failed(what, place, error)) : done({ address: addresses[0].address, servername: name }),
      ),
    );
  }

  return {
    request,
    fetchFor,
    resolve,
    refusal,
    unreachable,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

/** A fetch body as the request writes it (openid-client sends strings and URLSearchParams). */
function fetchBody(body: unknown): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  throw new TypeError('The outbound guard sends string, byte and form bodies only');
}
