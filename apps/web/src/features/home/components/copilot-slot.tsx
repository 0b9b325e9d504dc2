/**
 * COPILOT CHAT MOUNT POINT (spec section 2, "Home chat assistant", page context
 * "homepage"). The chat feature replaces the body of this section; keep the
 * section, its heading and the id so links to #copilot keep working.
 */
export function CopilotSlot() {
  return (
    <section id="copilot" aria-labelledby="copilot-title" data-slot="copilot-chat" className="py-12">
      <h2 id="copilot-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Ask the robotics copilot
      </h2>
      <p className="mt-3 max-w-2xl text-slate-700 dark:text-slate-300">
        The AI copilot that answers robotics questions, helps you choose a robot and troubleshoots problems is being
        built and will appear here.
      </p>
    </section>
  );
}
