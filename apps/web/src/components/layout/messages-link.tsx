import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useUnreadMessages } from '@/lib/unread-messages';

/** "Messages" with the number of unread conversations (signed-in users). */
export function MessagesLink({ className, activeClassName, onClick }: { className: string; activeClassName?: string; onClick?: () => void }) {
  const unread = useUnreadMessages(true).data ?? 0;
  return (
    <NavLink to={paths.messages.getHref()} onClick={onClick} className={({ isActive }) => cn(className, isActive && activeClassName)}>
      Messages
      {unread > 0 ? (
        <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-orange-700 px-1.5 text-xs font-bold text-white dark:bg-orange-400 dark:text-slate-950">
          {unread > 99 ? '99+' : unread}
          <span className="sr-only"> unread</span>
        </span>
      ) : null}
    </NavLink>
  );
}
