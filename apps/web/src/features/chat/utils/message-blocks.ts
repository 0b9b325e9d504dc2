/** A piece of an assistant answer: a paragraph (its lines) or a list (its items). */
export type MessageBlock =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; ordered: boolean; items: string[] };

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

/**
 * Splits plain answer text into paragraphs and lists: lines starting with "- " (or
 * "* ", "• ") are bullets, "1. " numbered items, blank lines end a paragraph. The text
 * is never parsed as HTML; the components render every piece as text.
 */
export function toMessageBlocks(text: string): MessageBlock[] {
  const blocks: MessageBlock[] = [];
  let current: MessageBlock | null = null;
  const flush = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trimEnd();
    if (!line.trim()) {
      flush();
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = Boolean(numbered);
      const item = ((bullet ?? numbered)?.[1] ?? '').trim();
      if (current?.kind !== 'list' || current.ordered !== ordered) {
        flush();
        current = { kind: 'list', ordered, items: [] };
      }
      current.items.push(item);
      continue;
    }
    if (current?.kind !== 'paragraph') {
      flush();
      current = { kind: 'paragraph', lines: [] };
    }
    current.lines.push(line.trim());
  }
  flush();
  return blocks;
}

/** A run of text, bold when it was written **like this**. */
export interface TextRun {
  text: string;
  bold: boolean;
}

export function toTextRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  const pattern = /\*\*([^*]+)\*\*/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), bold: false });
    runs.push({ text: match[1] ?? '', bold: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), bold: false });
  return runs;
}
