import { Search } from 'lucide-react';
import { useId } from 'react';
import { SEARCH_QUERY_MAX_LENGTH, textCutNotice } from '@cellforge/contracts/constants';
import { controlBorder, controlClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useDebouncedCommit, useSyncedDraft } from '../hooks/use-debounced-draft';

/** What is searched: the text trimmed and cut to the 200 characters the search reads (the box says so when it cuts). */
const trim = (value: string) => value.trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim();

/** Free-text search (the server forgives typos); committed to the URL as you type, debounced. */
export function SearchBox({ value, onCommit }: { value: string; onCommit: (q: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useSyncedDraft(value, trim);
  const flush = useDebouncedCommit(trim(draft), value, onCommit);
  const tooLong = draft.trim().length > SEARCH_QUERY_MAX_LENGTH;
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
          aria-describedby={tooLong ? `${id}-cut` : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Maker, model or task, e.g. fanuk welding"
          className={cn(controlClasses, controlBorder(false), 'pl-9')}
        />
      </div>
      {tooLong ? (
        <p id={`${id}-cut`} role="status" className="mt-1 text-sm text-amber-800 dark:text-amber-300" data-text-cut>
          {textCutNotice(SEARCH_QUERY_MAX_LENGTH)}
        </p>
      ) : null}
    </form>
  );
}
