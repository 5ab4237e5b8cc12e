import { describe, expect, it } from 'vitest';
import { passwordResetMail, resetPageUrl } from './recoveryMail.ts';

/** The reset mail's words, in the recipient's language, with every value escaped in its HTML. */
describe('passwordResetMail', () => {
  const base = { to: 'ann@example.com', userId: 7, name: 'Ann', origin: 'https://tutor.example.com/' };

  it('carries the one-time link, built from the origin, in the text and the HTML', () => {
    const mail = passwordResetMail({ ...base, language: 'en', token: 'abc-_123' });
    const url = 'https://tutor.example.com/reset-password?token=abc-_123';
    expect(mail).toMatchObject({ to: 'ann@example.com', userId: 7, kind: 'password-reset' });
    expect(mail.subject).toBe('Set a new password for Tutorfolio');
    expect(mail.text).toBe(
      [
        'Hello Ann,',
        '',
        'Someone (we hope you) asked to set a new password for your Tutorfolio account.',
        'Open this link to choose a new password. It works once, within an hour:',
        url,
        '',
        'If you did not ask for this, ignore this message: your password stays as it is.',
      ].join('\n'),
    );
    expect(mail.html).toContain(`<a href="${url}">Set a new password</a>`);
  });

  it('is written in Korean for a Korean recipient', () => {
    const mail = passwordResetMail({ ...base, language: 'ko', token: 't' });
    expect(mail.subject).toBe('Tutorfolio 새 비밀번호 설정');
    expect(mail.text.split('\n')[0]).toBe('Ann님, 안녕하세요.');
    expect(mail.html).toContain('>새 비밀번호 정하기</a>');
  });

  it('escapes every value in the HTML (a name is whatever its owner typed)', () => {
    const mail = passwordResetMail({
      ...base,
      name: '<img src=x onerror="alert(1)">&',
      language: 'en',
      token: 'a&b"c',
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;,');
    // The token is URL-encoded in the link, and the link escaped again in the attribute.
    expect(mail.html).toContain('href="https://tutor.example.com/reset-password?token=a%26b%22c"');
    expect(mail.text).toContain('Hello <img src=x onerror="alert(1)">&,');
  });

  it('tells an account without a password to use its providers instead, with no link to reset', () => {
    const mail = passwordResetMail({ ...base, language: 'en', providers: ['google', 'kakao'] });
    expect(mail.subject).toBe('How to sign in to Tutorfolio');
    expect(mail.text).toContain(
      'Your Tutorfolio account has no password: it signs in through Google or Kakao. Use "Continue with Google or Kakao" on the sign-in page instead.',
    );
    expect(mail.text).toContain('https://tutor.example.com/login');
    expect(mail.text).not.toContain('reset-password');
    expect(mail.html).toContain('through Google or Kakao. Use &quot;Continue with Google or Kakao&quot;');
    const ko = passwordResetMail({ ...base, language: 'ko', providers: ['naver'] });
    expect(ko.subject).toBe('Tutorfolio 로그인 방법 안내');
    expect(ko.text).toContain('Naver(으)로 로그인합니다');
  });

  it('builds the page address from an origin with or without its slash', () => {
    expect(resetPageUrl('http://127.0.0.1:8080', 'x y')).toBe(
      'http://127.0.0.1:8080/reset-password?token=x%20y',
    );
    expect(resetPageUrl('https://a.example/', 'x')).toBe('https://a.example/reset-password?token=x');
  });
});
