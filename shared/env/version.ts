/**
 * True when dotted version `a` is greater than or equal to `b`. Parts compare as integers and missing
 * parts count as 0, so `versionGte('2.12', '2.12.0')` is true and `versionGte('2.9.9', '2.12.0')` false.
 * A part that is not a number counts as 0.
 */
export function versionGte(a: string, b: string): boolean {
  const left = parts(a)
  const right = parts(b)
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i] ?? 0
    const y = right[i] ?? 0
    if (x !== y) return x > y
  }
  return true
}

function parts(version: string): number[] {
  return String(version)
    .split('.')
    .map((part) => parseInt(part, 10) || 0)
}
