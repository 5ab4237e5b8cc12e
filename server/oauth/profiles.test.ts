import { describe, expect, it } from 'vitest';
import { SignupRequest } from '../../common/contracts/users.ts';
import { limits } from '../../common/limits.ts';
import { decodeFlow, encodeFlow, FLOW_MS } from './flow.ts';
import { googleProfile, kakaoProfile, naverProfile, ProfileShapeError } from './profiles.ts';
import { usernameBase } from './service.ts';

describe('provider profiles', () => {
  it('reads Google ID-token claims; the email counts only with email_verified', () => {
    expect(
      googleProfile({ sub: '1081', email: 'Min@Example.com', email_verified: true, name: 'Min Kim' }),
    ).toEqual({
      provider: 'google',
      subject: '1081',
      email: 'min@example.com',
      emailVerified: true,
      name: 'Min Kim',
    });
    expect(googleProfile({ sub: '1', email: 'a@b.c', email_verified: false }).emailVerified).toBe(false);
    expect(googleProfile({ sub: '1', email: 'a@b.c' }).emailVerified).toBe(false);
    expect(googleProfile({ sub: '1', email_verified: true }).emailVerified).toBe(false);
  });

  it("reads Naver's profile inside its `response` wrapper", () => {
    const body = {
      resultcode: '00',
      message: 'success',
      response: { id: 'abcDEF123', email: 'Jiwoo@naver.com', name: '김지우', nickname: 'jiwoo' },
    };
    expect(naverProfile(body)).toEqual({
      provider: 'naver',
      subject: 'abcDEF123',
      email: 'jiwoo@naver.com',
      emailVerified: true,
      name: 'jiwoo',
    });
    expect(naverProfile({ resultcode: '00', response: { id: 'x' } })).toMatchObject({
      email: null,
      emailVerified: false,
      name: null,
    });
  });

  it("reads Kakao's numeric id and kakao_account; its email counts only when valid and verified", () => {
    const account = { email: 'Seo@kakao.com', is_email_valid: true, is_email_verified: true };
    expect(
      kakaoProfile({ id: 3141592653, kakao_account: { ...account, profile: { nickname: '서연' } } }),
    ).toEqual({
      provider: 'kakao',
      subject: '3141592653',
      email: 'seo@kakao.com',
      emailVerified: true,
      name: '서연',
    });
    expect(
      kakaoProfile({ id: 1, kakao_account: { ...account, is_email_verified: false } }).emailVerified,
    ).toBe(false);
    expect(kakaoProfile({ id: 1, kakao_account: { ...account, is_email_valid: false } }).emailVerified).toBe(
      false,
    );
    // Consent to share the email not given: no email at all.
    expect(kakaoProfile({ id: 1, kakao_account: { email_needs_agreement: true } })).toMatchObject({
      email: null,
      emailVerified: false,
    });
    expect(kakaoProfile({ id: 1 })).toMatchObject({ email: null, name: null });
  });

  // Each provider documents its flag as a JSON boolean; any other form vouches for nothing.
  const notBooleans = ['true', 1, '1'];

  it.each(notBooleans)('does not count a Google email_verified of %j', (flag) => {
    expect(googleProfile({ sub: '1', email: 'a@b.c', email_verified: flag })).toMatchObject({
      email: 'a@b.c',
      emailVerified: false,
    });
  });

  it.each(notBooleans)('does not count a Kakao is_email_valid or is_email_verified of %j', (flag) => {
    const account = { email: 'seo@kakao.com', is_email_valid: true, is_email_verified: true };
    for (const kakao_account of [
      { ...account, is_email_verified: flag },
      { ...account, is_email_valid: flag },
      { ...account, is_email_valid: flag, is_email_verified: flag },
    ]) {
      expect(kakaoProfile({ id: 1, kakao_account })).toMatchObject({
        email: 'seo@kakao.com',
        emailVerified: false,
      });
    }
  });

  it.each(notBooleans)('reads no verified flag from Naver, not even an email_verified of %j', (flag) => {
    // Naver documents no such flag: only the email it shares decides, and without one nothing counts.
    const response = { id: 'x', email_verified: flag, is_email_verified: flag, verified: flag };
    expect(naverProfile({ resultcode: '00', response })).toMatchObject({ email: null, emailVerified: false });
  });

  it('refuses answers without the documented shape', () => {
    expect(() => naverProfile({ resultcode: '024', message: 'Authentication failed' })).toThrow(
      ProfileShapeError,
    );
    expect(() => naverProfile({ resultcode: '00', response: {} })).toThrow(ProfileShapeError);
    expect(() => kakaoProfile({ msg: 'this access token does not exist', code: -401 })).toThrow(
      ProfileShapeError,
    );
    expect(() => googleProfile({ email: 'a@b.c' })).toThrow(ProfileShapeError);
    // An email is never shortened into another one; a name is cut to size.
    expect(() => googleProfile({ sub: '1', email: `${'a'.repeat(250)}@example.com` })).toThrow(
      ProfileShapeError,
    );
    expect(googleProfile({ sub: '1', name: 'n'.repeat(1000) }).name).toHaveLength(200);
  });
});

describe('usernames from provider profiles', () => {
  it.each([
    ['Min Kim', null, 'Min Kim'],
    ['김민수', null, '김민수'],
    ['<script>alert(1)</script>', null, 'scriptalert1script'],
    ['  --Lee  Ji   Hoon ', null, 'Lee Ji Hoon'],
    ['🙂🙂', 'ji.hoon+tag@example.com', 'ji.hoontag'],
    [null, '___@example.com', 'student'],
    [null, null, 'student'],
    ['\uff2din \uff2bim', null, 'Min Kim'], // full width, normalised (NFKC)
    ['\u0430lice Smith', 'alice.smith@example.com', 'alice.smith'], // a Cyrillic а among Latin letters
  ])('%j (email %j) becomes %j', (name, email, expected) => {
    const base = usernameBase(name, email);
    expect(base).toBe(expected);
    expect(SignupRequest.shape.username.safeParse(base).success).toBe(true);
  });

  it('leaves room for the uniqueness suffix', () => {
    const base = usernameBase('x'.repeat(100), null);
    expect(base.length).toBe(limits.usernameMax - 9);
    expect(SignupRequest.shape.username.safeParse(`${base}_1a2b3c4d`).success).toBe(true);
  });
});

describe('the state cookie', () => {
  const flow = {
    provider: 'kakao' as const,
    state: 'S'.repeat(43),
    codeVerifier: 'V'.repeat(43),
    nonce: 'N'.repeat(43),
    from: '/tutoring/alice?date=2026-11-23',
    startedAt: Date.parse('2026-11-23T10:00:00Z'),
  };

  it('round-trips while fresh and is gone after its lifetime', () => {
    const value = encodeFlow(flow);
    expect(decodeFlow(value, new Date(flow.startedAt + 1000))).toEqual(flow);
    expect(decodeFlow(value, new Date(flow.startedAt + FLOW_MS + 1))).toBeNull();
    // A cookie "from the future" (clock games) is refused too.
    expect(decodeFlow(value, new Date(flow.startedAt - 60_000))).toBeNull();
  });

  it('refuses tampered or foreign values and drops an unsafe return path', () => {
    const now = new Date(flow.startedAt + 1000);
    expect(decodeFlow(undefined, now)).toBeNull();
    expect(decodeFlow('not-base64-json', now)).toBeNull();
    expect(decodeFlow(encodeFlow({ ...flow, provider: 'github' as never }), now)).toBeNull();
    expect(decodeFlow(encodeFlow({ ...flow, state: 'short' }), now)).toBeNull();
    for (const from of ['//evil.example', '/\\evil.example', 'https://evil.example', '/ok\u0000']) {
      expect(decodeFlow(encodeFlow({ ...flow, from }), now)?.from, from).toBeNull();
    }
  });
});
