/**
 * A question's pictures: where each is shown, and what an id looks like. Free of zod (pages read it).
 * A picture `part` of `question` is shown with the question's text; of `explanation`, with the
 * explanation (never before the question is answered).
 */
export const PICTURE_PARTS = ['question', 'explanation'] as const;
export type PicturePart = (typeof PICTURE_PARTS)[number];

/** A stored picture's id: the SHA-256 of its WebP bytes, in hex. */
export const PICTURE_ID = /^[0-9a-f]{64}$/;

/**
 * How many pictures a question and its explanation have together, and each one's alt text. Here, not
 * in ../limits.ts, whose module every page's first load carries. The byte limit is
 * `limits.pictureMaxBytes`, the stored size `serverLimits.questionPictureSidePx`.
 */
export const pictureLimits = { perQuestion: 10, altMax: 300 } as const;
