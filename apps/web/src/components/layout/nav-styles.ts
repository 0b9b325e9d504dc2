export const navLinkClasses =
  'inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 ' +
  'dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white dark:focus-visible:outline-orange-400';

export const navLinkActiveClasses = 'text-orange-800 dark:text-orange-300';

export const mobileItemClasses =
  'flex min-h-11 w-full items-center rounded-lg px-3 text-left text-base font-medium text-slate-800 hover:bg-slate-100 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-orange-600 ' +
  'dark:text-slate-100 dark:hover:bg-slate-800 dark:focus-visible:outline-orange-400';
