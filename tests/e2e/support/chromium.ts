/**
 * Debian's headless build of the same Chromium (what Playwright runs headless by default): the same Blink,
 * V8 and media stack without the desktop browser around them, which costs about a third less CPU per
 * journey. The bench (bench/lib/phone.ts) keeps the full browser for its paint times.
 */
export const CHROMIUM = '/usr/bin/chromium-headless-shell'
