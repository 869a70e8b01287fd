/**
 * The authorization response (RFC 6749 §4.1.2, errors §4.1.2.1) at the client's registered redirect
 * URI: its parameters, the request's `state`, and our issuer (RFC 9207), so a client that talks to
 * several servers can tell which one answered.
 */
export function clientRedirect(
  redirectUri: string,
  params: Record<string, string | undefined>,
  request: { state: string | null | undefined; issuer: string },
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries({ ...params, state: request.state ?? undefined, iss: request.issuer })) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url.toString();
}
