import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface TabItem<T extends string> {
  value: T;
  label: string;
  content: ReactNode;
}

export interface TabsProps<T extends string> {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onValueChange: (value: T) => void;
  className?: string;
}

/**
 * WAI-ARIA tabs (automatic activation): arrow keys, Home and End move between tabs,
 * only the selected tab is in the Tab order, its panel follows it.
 */
export function Tabs<T extends string>({ label, items, value, onValueChange, className }: TabsProps<T>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const selected = items.find((item) => item.value === value) ?? items[0];

  const focusAt = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    onValueChange(item.value);
    tabRefs.current.get(item.value)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusAt(target);
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 rounded-xl bg-slate-100 p-1 max-sm:overflow-x-auto dark:bg-slate-800"
      >
        {items.map((item, index) => {
          const isSelected = item.value === selected?.value;
          return (
            <button
              key={item.value}
              ref={(node) => {
                if (node) tabRefs.current.set(item.value, node);
                else tabRefs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.value}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${item.value}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onValueChange(item.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                // Equal widths from sm up. On a phone each tab grows from its label's width and labels keep to one
                // line ("Upload and Analyze", "Contacted (0)"); a row too wide for the screen scrolls sideways.
                'min-h-10 flex-1 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors max-sm:flex-auto max-sm:px-1.5',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 dark:focus-visible:outline-orange-400',
                isSelected
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                  : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {selected ? (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${selected.value}`}
          aria-labelledby={`${baseId}-tab-${selected.value}`}
          tabIndex={0}
          className="mt-6 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-orange-600 dark:focus-visible:outline-orange-400"
        >
          {selected.content}
        </div>
      ) : null}
    </div>
  );
}
