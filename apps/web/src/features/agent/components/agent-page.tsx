import { Bot, MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Container } from '@/components/layout/page';
import { PageTitle } from '@/components/layout/page-title';
import { cardClasses } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import type { AgentProfile } from '../agents';

/**
 * An agent's page: who it is, what it does, example questions, and the spot for its chat
 * (`chat`, the chat feature's copilot, given by the route: features do not import each other).
 */
export function AgentPage({ agent, chat }: { agent: AgentProfile; chat: ReactNode }) {
  return (
    <Container className="py-10 sm:py-14">
      <PageTitle title={agent.name} />
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <span className="inline-flex h-16 w-16 shrink-0 items-center justify-center rounded-2xl bg-orange-100 dark:bg-orange-950">
          <Bot className="h-9 w-9 text-orange-800 dark:text-orange-300" aria-hidden="true" />
        </span>
        <div className="max-w-3xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-orange-800 dark:text-orange-300">AI agent</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{agent.name}</h1>
          <p className="mt-3 text-xl text-slate-800 dark:text-slate-100">{agent.tagline}</p>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{agent.description}</p>
        </div>
      </div>

      <div className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* The agent's chat (features/chat, passed in by app/routes/agent.tsx); keep the section, its heading and data-agent-slug. */}
        <section
          id="agent-chat"
          aria-labelledby="agent-chat-title"
          data-slot="agent-chat"
          data-agent-slug={agent.slug}
          className={cn(cardClasses, 'min-h-64 self-start')}
        >
          <h2 id="agent-chat-title" className="flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white">
            <MessageSquareText className="h-5 w-5 text-orange-700 dark:text-orange-400" aria-hidden="true" />
            Chat with the {agent.name}
          </h2>
          <div className="mt-4">
            {chat}
          </div>
        </section>

        <section aria-labelledby="agent-examples-title">
          <h2 id="agent-examples-title" className="text-xl font-semibold text-slate-900 dark:text-white">
            Questions to start with
          </h2>
          <ul className="mt-4 space-y-3" data-agent-examples>
            {agent.exampleQuestions.map((question) => (
              <li
                key={question}
                className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200"
              >
                “{question}”
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="agent-capabilities-title" className="mt-14">
        <h2 id="agent-capabilities-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          What it can do
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {agent.capabilities.map((capability) => (
            <li key={capability.title} className={cardClasses}>
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{capability.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{capability.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-slate-700 dark:text-slate-300">
          Want the numbers first?{' '}
          <Link
            to={paths.roiCalculator.getHref()}
            className="font-semibold text-orange-800 underline underline-offset-2 hover:no-underline dark:text-orange-300"
          >
            Open the ROI calculator
          </Link>{' '}
          and the advisor will see your figures.
        </p>
      </section>
    </Container>
  );
}
