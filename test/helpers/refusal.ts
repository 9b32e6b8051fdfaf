import { UserError } from "../../src/errors.js";

/** The UserError a call throws (its exit code and message); anything else it throws, or an answer, fails the test. */
export function refusal(call: () => unknown): UserError {
  try {
    call();
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error("expected a refusal, got an answer");
}
