import { Fragment } from 'react';
import { cn } from '@/lib/cn';
import { toMessageBlocks, toTextRuns } from '../utils/message-blocks';

function Runs({ text }: { text: string }) {
  return (
    <>
      {toTextRuns(text).map((run, index) =>
        run.bold ? <strong key={index}>{run.text}</strong> : <Fragment key={index}>{run.text}</Fragment>,
      )}
    </>
  );
}

/**
 * An assistant answer as paragraphs and lists. Everything is rendered as React text
 * (no dangerouslySetInnerHTML): markup in an answer shows as the characters it is.
 */
export function MessageContent({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('space-y-2 break-words', className)}>
      {toMessageBlocks(text).map((block, index) => {
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={index} className={cn('space-y-1 pl-5', block.ordered ? 'list-decimal' : 'list-disc')}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <Runs text={item} />
                </li>
              ))}
            </List>
          );
        }
        return (
          <p key={index}>
            {block.lines.map((line, lineIndex) => (
              <Fragment key={lineIndex}>
                {lineIndex > 0 ? <br /> : null}
                <Runs text={line} />
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
