import { z } from 'zod';

/** One block of what the model receives. Text is the only kind the playground's models read. */
export const ContentBlock = z.strictObject({ type: z.literal('text'), text: z.string() });
export type ContentBlock = z.infer<typeof ContentBlock>;

/** The content the model receives from one call. */
export const Content = z.array(ContentBlock);
export type Content = z.infer<typeof Content>;

/** The text of `content` exactly as the model reads it: the blocks joined by blank lines. */
export function modelText(content: Content): string {
  return content.map((block) => block.text).join('\n\n');
}

/** A content of one text block. */
export function text(value: string): Content {
  return [{ type: 'text', text: value }];
}
