import { Moon, Sun } from 'lucide-react';
import { useTheme } from '@/lib/theme';
import { cn } from '@/lib/cn';

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      className={cn(
        'inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600',
        'dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-orange-400',
        className,
      )}
    >
      {theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden="true" /> : <Moon className="h-5 w-5" aria-hidden="true" />}
    </button>
  );
}
