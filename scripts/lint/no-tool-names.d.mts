import type { Rule } from 'eslint';

/** The registered tool names, read from the file written from the tools (src/model/tool-args.ts). */
export function toolNames(): string[];
/** The card kinds, read from src/harness/cards.ts. */
export function cardKindNames(): string[];
/** The rule: src/ui names no tool, though it may name a card kind. */
export const noToolNames: Rule.RuleModule;
