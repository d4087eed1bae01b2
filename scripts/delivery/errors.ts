/** The two ways a delivery command refuses: what it will not do (exit 1) and a bad command line (exit 2). */

/** Thrown for anything the delivery tools refuse to do; the CLIs print `message` and exit 1. */
export class DeliveryError extends Error {
  override name = 'DeliveryError'

  /**
   * @param output What the run did before it refused (a report), printed to stdout before the reason.
   * @param exitCode 1, or 3 when a watched deploy or a gate could not judge (docs/deploying.md, exit codes).
   */
  constructor(
    message: string,
    readonly output?: string,
    readonly exitCode: 1 | 3 = 1,
  ) {
    super(message)
  }
}

/** Thrown for bad command lines; the CLIs print it with their usage and exit 2. */
export class UsageError extends Error {}
