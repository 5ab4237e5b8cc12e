/** Where profile pictures are served, and the picture of everyone without one (server/images/). */
export const AVATAR_URL_PREFIX = '/images/avatars/';
export const DEFAULT_AVATAR_URL = `${AVATAR_URL_PREFIX}default.svg`;
