/** Exit codes of the command-line contract. */
export const ExitCode = {
  ok: 0,
  /** A valid request that matched nothing. */
  noMatch: 1,
  /** A usage error or bad input. */
  usage: 2,
  /** A bug: something the user could not have caused (EX_SOFTWARE). */
  internal: 70,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * A problem the user caused and can fix: printed as one line, never as a stack trace. A `cause` (another
 * library's error) is shown only under HUB_SNIPPETS_DEBUG=1.
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCodeValue = ExitCode.usage,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "UserError";
  }
}
