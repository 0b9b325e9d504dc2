import type { ChatRobotLink } from '@cellforge/contracts';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';
import { toMessageBlocks, toTextRuns } from '../utils/message-blocks';

const linkClass = 'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200';

/** The text with every robot name the answer's links name turned into a link to its page (longest names first). */
function Linked({ text, links }: { text: string; links: readonly ChatRobotLink[] }): ReactNode {
  if (!links.length) return text;
  const sorted = [...links].sort((a, b) => b.text.length - a.text.length);
  const out: ReactNode[] = [];
  let rest = text;
  let key = 0;
  while (rest) {
    let best: { at: number; link: ChatRobotLink } | null = null;
    for (const link of sorted) {
      const at = rest.indexOf(link.text);
      if (at >= 0 && (!best || at < best.at)) best = { at, link };
    }
    if (!best) break;
    if (best.at > 0) out.push(<Fragment key={key++}>{rest.slice(0, best.at)}</Fragment>);
    out.push(
      <Link key={key++} to={best.link.href} className={linkClass} title={best.link.name}>
        {best.link.text}
      </Link>,
    );
    rest = rest.slice(best.at + best.link.text.length);
  }
  if (rest) out.push(<Fragment key={key}>{rest}</Fragment>);
  return out;
}

function Runs({ text, links }: { text: string; links: readonly ChatRobotLink[] }) {
  return (
    <>
      {toTextRuns(text).map((run, index) =>
        run.bold ? (
          <strong key={index}>
            <Linked text={run.text} links={links} />
          </strong>
        ) : (
          <Fragment key={index}>
            <Linked text={run.text} links={links} />
          </Fragment>
        ),
      )}
    </>
  );
}

/**
 * An assistant answer as paragraphs and lists. Everything is rendered as React text
 * (no dangerouslySetInnerHTML): markup in an answer shows as the characters it is.
 */
export function MessageContent({ text, className, links = [] }: { text: string; className?: string; links?: readonly ChatRobotLink[] }) {
  return (
    <div className={cn('space-y-2 break-words', className)}>
      {toMessageBlocks(text).map((block, index) => {
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={index} className={cn('space-y-1 pl-5', block.ordered ? 'list-decimal' : 'list-disc')}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <Runs text={item} links={links} />
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
                <Runs text={line} links={links} />
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
