/**
 * The attributes the first screen writes on what it draws (to-dom.ts) and the hand-over reads
 * (handover.ts). A module of its own: the page's code imports the hand-over, and must not bring the
 * drawing's tables with it. React-free.
 */

/** The attribute that marks a control drawn before React, waiting for it (removed when React draws its own). */
export const PENDING = 'data-pending'
