/** The states of a wall post: waiting for the owner, on the board, or taken off it. */
export const WALL_STATES = ['pending', 'approved', 'hidden'] as const;
export type WallState = (typeof WALL_STATES)[number];
