import { Search } from 'lucide-react';
import { useId } from 'react';
import { controlBorder, controlClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useDebouncedCommit, useSyncedDraft } from '../hooks/use-debounced-draft';

const trim = (value: string) => value.trim();

/** Free-text search (the server forgives typos); committed to the URL as you type, debounced. */
export function SearchBox({ value, onCommit }: { value: string; onCommit: (q: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useSyncedDraft(value, trim);
  const flush = useDebouncedCommit(trim(draft), value, onCommit);
  return (
    <form
      role="search"
      aria-label="Robot catalog"
      onSubmit={(event) => {
        event.preventDefault();
        flush();
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Search robots
      </label>
      <div className="relative mt-1.5">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          aria-hidden="true"
        />
        <input
          id={id}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={flush}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          placeholder="Maker, model or task, e.g. fanuk welding"
          className={cn(controlClasses, controlBorder(false), 'pl-9')}
        />
      </div>
    </form>
  );
}
