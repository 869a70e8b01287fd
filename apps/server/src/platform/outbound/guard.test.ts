import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingPeer, type CountingPeer } from '../../../test/counting-peer.ts';
import { freePort } from '../../../test/free-port.ts';
import { embeddedIpv4, refusedRangeOf } from './addresses.ts';
import { parseOutboundAllow } from './allow-list.ts';
import { createOutbound, OutboundError, OutboundRedirectError, type OutboundOptions } from './guard.ts';

const startPeer = startCountingPeer;
type Peer = CountingPeer;

let open: Peer;
let openV6: Peer | undefined;
let elsewhere: Peer;
let redirecting: Peer;
let big: Peer;
const held: Socket[] = [];
let silent: { port: number; close(): Promise<void> };
beforeAll(async () => {
  open = await startPeer('127.0.0.1', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('secret inside'));
  openV6 = await startPeer('::1', (_req, res) => res.end('v6 inside')).catch(() => undefined);
  // An allowed host (127.0.0.2 stands for one) sending the server on to the refused loopback peer.
  elsewhere = await startPeer('127.0.0.2', (_req, res) => res.end('reached'));
  redirecting = await startPeer('127.0.0.2', (_req, res) => res.writeHead(302, { location: `${open.origin}/` }).end());
  big = await startPeer('127.0.0.2', (_req, res) => res.end('y'.repeat(1024 * 1024)));
  // Accepts and never answers.
  const tcp = createTcpServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.2', resolve));
  silent = {
    port: (tcp.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => tcp.close(() => resolve())),
  };
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await Promise.all([open.close(), openV6?.close(), elsewhere.close(), redirecting.close(), big.close(), silent.close()]);
});

const guardOf = (allow: string, extra: Partial<OutboundOptions> = {}) => {
  const reasons: string[] = [];
  const outbound = createOutbound({
    allow: parseOutboundAllow(allow),
    log: { warn: (details) => reasons.push((details as { reason: string }).reason) },
    ...extra,
  });
  return { outbound, reasons };
};

/** The rejection of a request, whatever it is. */
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the request went through');
    },
    (error: Error & { code?: string }) => ({ name: error.constructor.name, code: error.code, message: error.message }),
  );
const UNREACHABLE = {
  name: 'OutboundError',
  code: 'OUTBOUND_UNREACHABLE',
  message: "The peer could not be reached (the server's log has the reason)",
};

describe('outbound guard: refused addresses', () => {
  const { outbound, reasons } = guardOf('127.0.0.2');
  afterAll(() => outbound.close());

  it.each([
    ['loopback', () => `${open.origin}/`],
    ['localhost by name', () => `http://localhost:${open.port}/`],
    ['localhost with its root dot', () => `http://localhost.:${open.port}/`],
    ['IPv4-mapped IPv6 of loopback', () => `http://[::ffff:127.0.0.1]:${open.port}/`],
    ['the mapped form in hex', () => `http://[::ffff:7f00:1]:${open.port}/`],
    ['loopback as a decimal number', () => `http://2130706433:${open.port}/`],
    ['10.0.0.0/8', () => 'http://10.1.2.3/'],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['the metadata name', () => 'http://metadata.google.internal/computeMetadata/v1/'],
    ['172.16.0.0/12', () => 'http://172.20.0.1/'],
    ['192.168.0.0/16', () => 'http://192.168.1.1/'],
    ['CGNAT 100.64.0.0/10', () => 'http://100.64.0.1/'],
    ['0.0.0.0', () => `http://0.0.0.0:${open.port}/`],
    ['IPv6 loopback', () => `http://[::1]:${openV6?.port ?? 80}/`],
    ['unique-local IPv6', () => 'http://[fd00:ec2::254]/'],
    ['link-local IPv6', () => 'http://[fe80::1]/'],
    ['NAT64 of loopback', () => 'http://[64:ff9b::7f00:1]/'],
    ['6to4 of loopback', () => 'http://[2002:7f00:1::1]/'],
    ['multicast', () => 'http://224.0.0.1/'],
    ['broadcast', () => 'http://255.255.255.255/'],
  ])('refuses %s with the one error, nothing reaching the peer', async (_what, url) => {
    const before = open.hits() + (openV6?.hits() ?? 0);
    expect(await failureOf(outbound.request(url(), { what: 'peer' }))).toEqual(UNREACHABLE);
    expect(open.hits() + (openV6?.hits() ?? 0)).toBe(before);
    expect(reasons.at(-1)).toMatch(/is .*OUTBOUND_ALLOW does not allow|names this machine or a metadata service/);
  });

  it('refuses a name that resolves to loopback: the address connected to is the one checked', async () => {
    const lookups: string[] = [];
    const { outbound: guarded, reasons: why } = guardOf('', {
      lookup: (hostname, _options, done) => {
        lookups.push(hostname);
        done(null, [{ address: '127.0.0.1', family: 4 }]);
      },
    });
    const before = open.hits();
    expect(await failureOf(guarded.request(`http://hooks.example.test:${open.port}/`, { what: 'peer' }))).toEqual(UNREACHABLE);
    expect(open.hits()).toBe(before);
    expect(lookups).toEqual(['hooks.example.test']);
    expect(why).toEqual(['hooks.example.test resolves to 127.0.0.1, loopback (127.0.0.0/8)']);
    // The same for a name with one public and one internal address.
    const mixed = guardOf('', {
      lookup: (_h, _o, done) =>
        done(null, [
          { address: '93.184.216.34', family: 4 },
          { address: '10.0.0.5', family: 4 },
        ]),
    });
    expect(await failureOf(mixed.outbound.resolve('peer', 'mail.example.test'))).toEqual(UNREACHABLE);
    guarded.close();
    mixed.outbound.close();
  });

  it('follows no redirect: a 302 to loopback is an error and loopback sees nothing', async () => {
    const before = open.hits();
    const failure = await outbound.request(`${redirecting.origin}/`, { what: 'peer' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OutboundRedirectError);
    expect((failure as Error).message).toBe('The peer answered 302, a redirect, which is not followed');
    expect(open.hits()).toBe(before);
  });

  it('answers a closed port, a refused address, a peer that never answers and a bad scheme alike', async () => {
    const closed = await failureOf(outbound.request(`http://127.0.0.2:${await freePort()}/`, { what: 'peer' }));
    const refused = await failureOf(outbound.request(`${open.origin}/`, { what: 'peer' }));
    const timedOut = await failureOf(outbound.request(`http://127.0.0.2:${silent.port}/`, { what: 'peer', timeoutMs: 200 }));
    const tls = await failureOf(outbound.request(`https://127.0.0.2:${elsewhere.port}/`, { what: 'peer' }));
    expect([closed, refused, timedOut, tls]).toEqual([UNREACHABLE, UNREACHABLE, UNREACHABLE, UNREACHABLE]);
    // The difference is in the server's log only.
    expect(reasons.slice(-4).join(' | ')).toMatch(/ECONNREFUSED.*\| 127\.0\.0\.1 is loopback.*\| no answer within 200 ms \| .+/);
  });

  it('reads no more of an answer than its bound', async () => {
    const answer = await outbound.request(`${big.origin}/`, { what: 'peer', maxBytes: 1000 });
    expect(answer).toMatchObject({ status: 200, complete: false });
    expect(answer.body.length).toBe(1000);
    const fetched = outbound.fetchFor('peer', 1000);
    expect(await failureOf(fetched(`${big.origin}/`, { method: 'GET', headers: {} }))).toEqual(UNREACHABLE);
  });
});

describe('outbound guard: what the operator allows', () => {
  it('connects to an allowed range, and to an allowed name whatever it resolves to', async () => {
    const { outbound } = guardOf('127.0.0.0/8, localhost');
    const answer = await outbound.request(`${open.origin}/`, { what: 'peer' });
    expect({ status: answer.status, body: answer.body.toString(), complete: answer.complete }).toEqual({
      status: 200,
      body: 'secret inside',
      complete: true,
    });
    expect((await outbound.request(`http://localhost:${open.port}/`, { what: 'peer' })).status).toBe(200);
    const fetched = await outbound.fetchFor('peer', 4096)(`${open.origin}/x`, { method: 'GET', headers: {} });
    expect(await fetched.text()).toBe('secret inside');
    expect(await outbound.resolve('peer', 'localhost')).toMatchObject({ servername: 'localhost' });
    outbound.close();
  });

  it('connects to IPv6 loopback when ::1 is listed', async ({ skip }) => {
    if (!openV6) return skip('this machine has no IPv6 loopback');
    const { outbound } = guardOf('::1');
    expect((await outbound.request(`${openV6.origin}/`, { what: 'peer' })).body.toString()).toBe('v6 inside');
    outbound.close();
  });

  it('opens a metadata address only when it is listed itself, not by a range around it', () => {
    expect(guardOf('169.254.0.0/16').outbound.refusal('169.254.169.254')).toMatch(/link-local/);
    expect(guardOf('169.254.0.0/16').outbound.refusal('169.254.10.1')).toBeNull();
    expect(guardOf('169.254.169.254').outbound.refusal('169.254.169.254')).toBeNull();
    expect(guardOf('fc00::/7').outbound.refusal('[fd00:ec2:0::254]')).toMatch(/unique-local/);
    expect(guardOf('*.corp.example').outbound.refusal('10.0.0.1')).toMatch(/private/);
    expect(guardOf('').outbound.refusal('93.184.216.34')).toBeNull();
    expect(guardOf('').outbound.refusal('api.example.com')).toBeNull();
  });
});

describe('outbound guard: kept-alive connections', () => {
  it('sends a request again on a new connection when the kept-alive one was closed by the peer', async () => {
    // Answers the first request on a connection and keeps it open; a second request on it is
    // answered with a reset, as a peer that closed the idle connection at that very moment.
    let connections = 0;
    let resets = 0;
    const server = createTcpServer((socket) => {
      connections += 1;
      let requests = 0;
      socket.on('data', () => {
        requests += 1;
        if (requests === 1) return void socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok');
        resets += 1;
        socket.resetAndDestroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    const url = `http://127.0.0.2:${(server.address() as AddressInfo).port}/`;
    const { outbound } = guardOf('127.0.0.2');
    try {
      expect((await outbound.request(url, { what: 'peer' })).body.toString()).toBe('ok');
      expect((await outbound.request(url, { what: 'peer' })).body.toString()).toBe('ok');
      // The second went out on the kept connection, was reset there, and went again on a new one.
      expect({ connections, resets }).toEqual({ connections: 2, resets: 1 });
    } finally {
      outbound.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('outbound guard: addresses and the allow-list', () => {
  it('judges an IPv4 address carried in IPv6 as that address', () => {
    expect(embeddedIpv4('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIpv4('::10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIpv4('64:ff9b::a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('2002:a00:1::')).toBe('10.0.0.1');
    expect(embeddedIpv4('::1')).toBeNull();
    expect(embeddedIpv4('2606:4700::1111')).toBeNull();
    expect(refusedRangeOf('::ffff:169.254.169.254')).toMatch(/link-local/);
    expect(refusedRangeOf('2606:4700::1111')).toBeNull();
    expect(refusedRangeOf('8.8.8.8')).toBeNull();
  });

  it('reads OUTBOUND_ALLOW, and names the entry it cannot read', () => {
    expect(parseOutboundAllow(' 10.0.0.0/8, SMTP.Corp.Example ,[::1],*.svc.cluster.local,')).toEqual([
      '10.0.0.0/8',
      'smtp.corp.example',
      '::1',
      '*.svc.cluster.local',
    ]);
    expect(parseOutboundAllow(undefined)).toEqual([]);
    expect(() => parseOutboundAllow('10.0.0.0/33')).toThrow('got "10.0.0.0/33"');
    expect(() => parseOutboundAllow('10.0.0.0/8,http://x')).toThrow('got "http://x"');
    expect(() => parseOutboundAllow('a b')).toThrow(/OUTBOUND_ALLOW must be comma-separated/);
    expect(new OutboundError('SMS gateway').message).toBe("The SMS gateway could not be reached (the server's log has the reason)");
  });
});
