// The two vote hooks of every call, before and after its tool runs, and what their listeners see and decide.
import { z } from 'zod';
import { Content } from './content';
import { VoteHook } from './hooks';
import type { ToolResult } from './tool';

/** What `pre-execute` listeners see. `args` are parsed, with the tool's path fields normalized. */
export interface PreExecuteInput {
  session: string;
  callId: string;
  tool: string;
  args: unknown;
}

/** A `pre-execute` vote: let the call go on, refuse it, or have the person decide. */
export const PreDecision = z.discriminatedUnion('verdict', [
  z.strictObject({ verdict: z.literal('allow') }),
  z.strictObject({ verdict: z.literal('deny'), reason: z.string() }),
  z.strictObject({ verdict: z.literal('ask'), prompt: z.string() }),
]);
export type PreDecision = z.infer<typeof PreDecision>;

/** Every listener votes in order; the first `deny` ends the round. */
export const preExecute = VoteHook.define<PreExecuteInput, PreDecision>({
  name: 'pre-execute',
  decision: PreDecision,
  final: (d) => d.verdict === 'deny',
});

/** What `post-execute` listeners see: the result so far and, when the call succeeded, its value. */
export interface PostExecuteInput extends PreExecuteInput {
  result: ToolResult;
  value: unknown;
}

/**
 * A `post-execute` decision. Replacing `content` changes only what the model reads; replacing `value`
 * changes the data, which is re-validated and re-projected. One decision cannot do both.
 */
export type PostDecision =
  | { action: 'pass'; content?: never; value?: never }
  | { action: 'accept'; content: Content; value?: never }
  | { action: 'accept'; value: unknown; content?: never }
  | { action: 'block'; feedback: string };

/** Why a post-execute decision may not carry both `content` and `value`, and which one is for what. */
export const POST_BOTH_FIELDS =
  'a post-execute decision replaces content or value, never both: give content to change only what the ' +
  'model reads (programs still read the value), or value to change what programs read (it is checked ' +
  "against the tool's output schema, and the content is rendered from it again)";

// Plugins written in JavaScript bypass the types; strict objects make "both" (or neither) invalid, and
// "both" is said in words first (a union alone would only say that no branch fits).
const PostDecisionSchema: z.ZodType<PostDecision> = z
  .unknown()
  .superRefine((d, ctx) => {
    if (typeof d === 'object' && d !== null && 'content' in d && 'value' in d)
      ctx.addIssue({ code: 'custom', message: POST_BOTH_FIELDS });
  })
  .pipe(
    z.union([
      z.strictObject({ action: z.literal('pass') }),
      z.strictObject({ action: z.literal('accept'), content: Content }),
      z
        .strictObject({ action: z.literal('accept'), value: z.unknown() })
        .refine((d) => 'value' in d, 'value is missing'),
      z.strictObject({ action: z.literal('block'), feedback: z.string() }),
    ]),
  ) as z.ZodType<PostDecision>;

/** Every listener speaks in order, each seeing the result the ones before it made; a `block` ends it. */
export const postExecute = VoteHook.define<PostExecuteInput, PostDecision>({
  name: 'post-execute',
  decision: PostDecisionSchema,
  final: (d) => d.action === 'block',
});

/** The host's answer to a pre-execute `ask`: true approves this one call. */
export type Approve = (request: {
  tool: string;
  args: unknown;
  prompt: string;
  plugin: string;
  /** Aborts when the call is stopped while the person is asked: the question can be withdrawn. */
  signal: AbortSignal;
}) => Promise<boolean>;
