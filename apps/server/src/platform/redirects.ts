/**
 * A redirect target on the portal's own origin, as a path ('/x?y#z'), or undefined for anything
 * else. The target is resolved with the WHATWG URL parser, as browsers resolve a Location header,
 * so every trick that still lands elsewhere is caught by comparing origins: tabs and newlines
 * (stripped), backslashes (read as '/'), '/.//host', '/..//host' and '/%2e//host' (dot segments
 * removed, leaving '//host'). Leading slashes of the resolved path are collapsed to one, so the path
 * we hand back can never be read as a protocol-relative '//host' itself.
 */
export function portalPath(raw: string, publicUrl: string): string | undefined {
  const origin = new URL(publicUrl).origin;
  let url: URL;
  try {
    url = new URL(raw, `${origin}/`);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  return `/${url.pathname.replace(/^\/+/, '')}${url.search}${url.hash}`;
}
