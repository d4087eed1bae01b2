/**
 * A start refused for a reason the operator can act on (no sign-in configured, an unmigrated database,
 * a disk too small): `npm start` / `npm run serve` print its message as one line, without a stack.
 */
export class StartRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StartRefusal'
  }
}
