import type { ApiKeyCreated } from '@cellforge/contracts';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineAlert } from '@/components/ui/inline-alert';
import { cardClasses } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** The new key's secret, this once: copy it, then dismiss. */
export function NewKeySecret({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  useEffect(() => headingRef.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for Ctrl+C.
      inputRef.current?.select();
      setCopied('failed');
    }
  };

  return (
    <section aria-labelledby="new-key-heading" className={cn(cardClasses, 'border-orange-300 dark:border-orange-800')}>
      <h2 id="new-key-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none dark:text-white">
        Your new key “{created.data.name}”
      </h2>
      <InlineAlert tone="warning" title="Copy this key now. It will not be shown again." className="mt-4">
        <p>Store it where your integration keeps secrets. Anyone who has it can act as you within its scopes; if it leaks, revoke it below.</p>
      </InlineAlert>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="new-key-secret" className="sr-only">
          API key
        </label>
        <input
          id="new-key-secret"
          ref={inputRef}
          readOnly
          value={created.secret}
          onFocus={(e) => e.target.select()}
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-orange-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:focus-visible:outline-orange-400"
        />
        <Button variant="outline" onClick={() => void copy()} className="shrink-0">
          {copied === 'yes' ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied === 'yes' ? 'Copied' : 'Copy key'}
        </Button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-700 dark:text-slate-300">
        {copied === 'yes' ? 'The key is on your clipboard.' : copied === 'failed' ? 'Copying is not allowed here: the key is selected, press Ctrl+C (⌘C).' : ''}
      </p>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Send it as <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">Authorization: Bearer {created.data.prefix}…</code>
      </p>
      <Button className="mt-4" onClick={onDone}>
        I have copied it
      </Button>
    </section>
  );
}
