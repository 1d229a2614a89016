/**
 * The shape both assistants share (decision 010): an intent is a named rule with a guard that reads
 * the parsed message and the conversation state, and a handler that answers or passes (null). Rules
 * are tried in the order of their table; the first that answers wins.
 */
export interface Rule<Parsed, State, Ctx, Answer> {
  readonly name: string;
  guard(parsed: Parsed, state: State): boolean;
  handle(ctx: Ctx): Answer | null;
}

/** The same with a handler that awaits (the staff assistant reads and writes the menu service). */
export interface AsyncRule<Parsed, State, Ctx, Answer> {
  readonly name: string;
  guard(parsed: Parsed, state: State): boolean;
  handle(ctx: Ctx): Promise<Answer | null>;
}

/** Which rule answered, and its answer. */
export interface Answered<Answer> {
  rule: string;
  answer: Answer;
}
