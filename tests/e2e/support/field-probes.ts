/**
 * What the field-report journeys do inside a page, as script text both drivers run: Playwright's
 * `page.evaluate(expression)` (a string: tsx's keepNames would put `__name(...)` calls in a function) and
 * WebDriver's `execute('return ' + expression)`. Each expression is a promise that settles once its
 * pictures have failed, and sets `window.__probeDone` then (WebDriver's sync execute does not wait for it).
 */

/** Codes of 6 to 15 characters as a share link might carry them: letters only, digits only, mixed, with a dash. */
export const CODES = ['qwertz', 'Qx7k2m9', '73492105', 'pLm3Zq8Rt', 'mxqvbztplk', 'T4vW9-yB2nK7', 'aJdkLxQwErTyUio']

/** A page's query and fragment carrying CODES (`?` not included). */
export const CODES_QUERY = `a=${CODES[0]}&b=${CODES[1]}&c=${CODES[2]}&d=${CODES[3]}&e=${CODES[4]}#f=${CODES[5]}&${CODES[6]}`

/** Pictures at `paths` that do not load (the server has none), each on the page; settles when all have failed. */
const failingPictures = (paths: string) => `
  var paths = ${paths};
  var left = paths.length;
  paths.forEach(function (path) {
    var img = document.createElement('img')
    img.onerror = function () {
      if (--left === 0) {
        window.__probeDone = true
        done(true)
      }
    }
    img.src = path
    document.body.appendChild(img)
  })`

/** An uncaught error, an unhandled rejection and a picture that does not load, named in plain words. */
export const LATE_PROBLEMS = `new Promise(function (done) {
  window.__probeDone = false
  setTimeout(function () { throw new Error('late field-probe-error') })
  Promise.reject(new Error('late getBoundingClientRect rejection'))
  ${failingPictures("['/media/late-missing.png']")}
})`

/** An uncaught error whose message holds every code, and a picture for each code whose path holds it twice. */
export const CODE_PROBLEMS = `new Promise(function (done) {
  window.__probeDone = false
  var codes = ${JSON.stringify(CODES)}
  setTimeout(function () { throw new Error('share ' + codes.join(' / ') + ' not found') })
  ${failingPictures("codes.map(function (code) { return '/media/' + code + '/cover-' + code + '.png' })")}
})`

/** One picture that does not load. */
export const BROKEN_PICTURE = `new Promise(function (done) {
  window.__probeDone = false
  ${failingPictures("['/media/early-missing.png']")}
})`

/**
 * Before the page's scripts: the idle moment the HTML waits for to load the reporter comes only when the
 * journey says (RELEASE_REPORTER), or the reporter at its 5 s cap (scripts/build/telemetry/capture-script.ts
 * REPORTER_CAP_MS): a view left before then is the head's.
 */
export const HOLD_REPORTER = 'window.requestIdleCallback = function (idle) { window.__releaseReporter = idle }'

/** The idle moment HOLD_REPORTER held back: the reporter loads now. */
export const RELEASE_REPORTER = 'window.__releaseReporter()'
