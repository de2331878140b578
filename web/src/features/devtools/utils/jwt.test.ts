import { describe, expect, it } from 'vitest';
import { expiredJwt, jwtClaims, jwtExpiresAt } from '@/features/devtools/utils/jwt';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '7', name: '张三', exp: 2_000_000_000 })}.sig`;

describe('jwt', () => {
  it('reads the expiry of a JWT and nothing from other strings', () => {
    expect(jwtExpiresAt(`${encode({ alg: 'HS256' })}.${encode({ exp: 2_000_000_000 })}.sig`)).toBe(2_000_000_000_000);
    expect(jwtExpiresAt('not-a-token')).toBeNull();
    expect(jwtExpiresAt(null)).toBeNull();
  });

  it('forges an expired token that keeps the other claims', () => {
    const forged = expiredJwt(token, 1_700_000_000_000);
    expect(forged.split('.')).toHaveLength(3);
    expect(forged.endsWith('.sig')).toBe(true);
    expect(jwtExpiresAt(forged)).toBe(1_699_999_940_000);
    expect(jwtClaims(forged)).toMatchObject({ sub: '7', name: '张三' });
  });

  it('forges one from nothing when there is no token', () => {
    const forged = expiredJwt(null, 1_700_000_000_000);
    expect(jwtClaims(forged)).toEqual({ iat: 1_699_996_400, exp: 1_699_999_940 });
  });
});
