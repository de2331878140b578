// Reading and forging JWTs for the token test page only: nothing here is trusted, the
// server checks every token it is sent.

function decodeSegment(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

function encodeSegment(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The claims of a JWT, or null when the token is not one. */
export function jwtClaims(token: string | null): Record<string, unknown> | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeSegment(payload));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** When a JWT expires (ms since the epoch), from its exp claim; null when it does not say. */
export function jwtExpiresAt(token: string | null): number | null {
  const exp = jwtClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * A well-formed JWT that expired a minute before `now`: the claims of `token` (when it is
 * a JWT) with exp and iat moved into the past. The payload changed, so its signature no
 * longer matches either: the server refuses it whichever it checks first.
 */
export function expiredJwt(token: string | null, now: number): string {
  const seconds = Math.floor(now / 1000);
  const [header, , signature] = token?.split('.') ?? [];
  const claims = { ...jwtClaims(token), iat: seconds - 3600, exp: seconds - 60 };
  return [
    jwtClaims(token) && header ? header : encodeSegment(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
    encodeSegment(JSON.stringify(claims)),
    signature || encodeSegment('expired'),
  ].join('.');
}
