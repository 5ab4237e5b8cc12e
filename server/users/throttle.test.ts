import { describe, expect, it } from 'vitest';
import { isSingleScript } from '../../common/scripts.ts';
import { addressKey, delayAfter } from './throttle.ts';

describe('throttle keys and delays', () => {
  it('keys IPv4 as it is and IPv6 by its /64, so one subscriber cannot rotate through addresses', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:0000::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('lets the free failures through, then doubles from 15 s up to 15 min', () => {
    expect([0, 4].map((n) => delayAfter(n, 5))).toEqual([0, 0]);
    expect([5, 6, 7, 8].map((n) => delayAfter(n, 5))).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(delayAfter(11, 5)).toBe(900_000);
    expect(delayAfter(500, 5)).toBe(900_000);
  });
});

describe('isSingleScript', () => {
  it.each([
    ['alice', true],
    ['Jo-Anne Smith', true],
    ['김민준', true],
    ['山田たろう', true],
    ['alice김', true],
    ['Ωμέγα', true],
    ['user 42', true],
    ['\u0430lice', false], // Cyrillic а + Latin
    ['p\u03b1ul', false], // Greek α + Latin
    ['Ωmega', false],
    ['김たろう', false], // Hangul + Hiragana
  ])('%s → %s', (name, expected) => {
    expect(isSingleScript(name)).toBe(expected);
  });
});
