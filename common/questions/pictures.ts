/**
 * A question's pictures: where each is shown, and its address. Free of zod (the pages read it).
 * A picture `part` of `question` is shown with the question's text; of `explanation`, with the
 * explanation (never before the question is answered).
 */
export const PICTURE_PARTS = ['question', 'explanation'] as const;
export type PicturePart = (typeof PICTURE_PARTS)[number];

/** A stored picture's id: the SHA-256 of its WebP bytes, in hex. */
export const PICTURE_ID = /^[0-9a-f]{64}$/;

/** Where a picture is read (the API's `GET pictures/{id}`, relative to `/api/v1`). */
export const picturePath = (id: string) => `pictures/${id}`;
