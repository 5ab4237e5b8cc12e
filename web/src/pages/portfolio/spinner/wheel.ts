/**
 * The spinner's rules, without React: how many elements, which one the wheel lands
 * on (uniformly at random), and the angles that show it under the pointer.
 */

/** At most 10 colours, so at most 10 elements. */
export const MAX_ELEMENTS = 10;

/** Colours of the slices, each dark enough for white text (4.5:1). */
export const SLICE_COLOURS = [
  '#1f4e8c',
  '#b42318',
  '#1b7f3b',
  '#8a4b08',
  '#6b3fa0',
  '#0b6e79',
  '#a3216b',
  '#4a5a0f',
  '#5b6470',
  '#9c3d00',
] as const;

/** A count below 1 is 0; more than 10 is 10; a fraction counts its whole part. */
export function clampCount(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n < 1) return 0;
  return Math.min(MAX_ELEMENTS, Math.floor(n));
}

/** 32 random bits from the browser's cryptographic generator. */
export function randomUint32(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/**
 * An index in [0, count), every one equally likely: 32-bit draws past the largest multiple of
 * `count` are thrown away (plain `random % count` would favour the low indexes).
 */
export function uniformIndex(count: number, draw: () => number = randomUint32): number {
  if (count < 1) throw new Error('uniformIndex needs at least one element');
  const limit = 2 ** 32 - (2 ** 32 % count);
  for (;;) {
    const value = draw();
    if (value < limit) return value % count;
  }
}

const mod360 = (degrees: number) => ((degrees % 360) + 360) % 360;

/**
 * The element under the pointer (at the top) when the wheel is turned `rotation` degrees clockwise:
 * slice i covers [i, i + 1) × 360 / count degrees clockwise from the top at rotation 0.
 */
export function indexAtPointer(rotation: number, count: number): number {
  const angle = mod360(360 - mod360(rotation));
  return Math.min(count - 1, Math.floor(angle / (360 / count)));
}

/**
 * Where to stop: at least `turns` more whole turns past `from`, with the pointer `within` (0–1)
 * of the way across slice `index` (kept off its edges, so it reads clearly).
 */
export function landingRotation(
  from: number,
  index: number,
  count: number,
  within: number,
  turns = 2,
): number {
  const slice = 360 / count;
  const angle = (index + 0.15 + 0.7 * within) * slice;
  const wanted = mod360(360 - angle);
  return from + turns * 360 + mod360(wanted - mod360(from));
}
