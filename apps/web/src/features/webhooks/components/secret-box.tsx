import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineAlert } from '@/components/ui/inline-alert';

/** A signing secret on screen, with Copy; `note` says whether it will be shown again. */
export function SecretBox({ secret, title, note, onDone }: { secret: string; title: string; note: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <InlineAlert tone="warning" title={title}>
      <p>{note}</p>
      <code data-testid="webhook-secret" className="mt-2 block rounded-md bg-white px-3 py-2 font-mono text-xs break-all text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        {secret}
      </code>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={copy}>
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Hide secret
        </Button>
      </div>
    </InlineAlert>
  );
}
