import type { ReactNode } from 'react';

/**
 * The home copilot chat (docs/product.md §3.5, page context
 * "homepage"), passed in by the home route: `LazyCopilotChat` of features/chat, whose code
 * is its own chunk and loads when the visitor reaches for the message box, not with the
 * page. Keep the section, its heading and the id so links to #copilot keep working.
 */
export function CopilotSlot({ children }: { children: ReactNode }) {
  return (
    <section id="copilot" aria-labelledby="copilot-title" data-slot="copilot-chat" className="py-12">
      <h2 id="copilot-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Ask the robotics copilot
      </h2>
      <p className="mt-3 max-w-2xl text-slate-700 dark:text-slate-300">
        Describe the task you want to automate or the alarm you are chasing. The copilot asks what it needs to know and
        answers from the robot catalog and its error-code knowledge.
      </p>
      <div className="mt-6">
        {children}
      </div>
    </section>
  );
}
