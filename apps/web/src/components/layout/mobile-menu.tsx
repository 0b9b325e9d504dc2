import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { cn } from '@/lib/cn';
import { MessagesLink } from './messages-link';
import { MAIN_NAV_LINKS, PORTAL_ENTRIES } from './nav-items';
import { mobileItemClasses } from './nav-styles';
import { useChoosePortal } from './use-choose-portal';

/** Below the md breakpoint: a Menu button that opens the same entries as the header. */
export function MobileMenu({ showPortals, onLogout }: { showPortals: boolean; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { status } = useSession();
  const choosePortal = useChoosePortal();

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={cn(
          'inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600',
          'dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-orange-400',
        )}
      >
        {open ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-16 z-30 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 pt-2 shadow-lg dark:border-slate-800 dark:bg-slate-950"
      >
        {open ? (
          <nav aria-label="Mobile" className="space-y-1">
            {MAIN_NAV_LINKS.map((link) => (
              <Link key={link.to} to={link.to} onClick={close} className={mobileItemClasses}>
                {link.label}
              </Link>
            ))}
            {showPortals ? (
              <div role="group" aria-labelledby={`${panelId}-portals`} className="pt-3">
                <p
                  id={`${panelId}-portals`}
                  className="px-3 pb-1 text-sm font-semibold text-slate-600 dark:text-slate-400"
                >
                  Portals
                </p>
                {PORTAL_ENTRIES.map((entry) => (
                  <button
                    key={entry.role}
                    type="button"
                    onClick={() => {
                      close();
                      choosePortal(entry.role);
                    }}
                    className={mobileItemClasses}
                  >
                    {entry.label}
                  </button>
                ))}
              </div>
            ) : null}
            <div className="border-t border-slate-200 pt-3 dark:border-slate-800">
              {status === 'authenticated' ? (
                <>
                  <MessagesLink onClick={close} className={mobileItemClasses} />
                  <Link to={paths.dashboard.getHref()} onClick={close} className={mobileItemClasses}>
                    Dashboard
                  </Link>
                  <Link to={paths.apiKeys.getHref()} onClick={close} className={mobileItemClasses}>
                    API keys
                  </Link>
                  <Link to={paths.settingsWebhooks.getHref()} onClick={close} className={mobileItemClasses}>
                    Webhooks
                  </Link>
                  <button
                    type="button"
                    onClick={() => {
                      close();
                      onLogout();
                    }}
                    className={mobileItemClasses}
                  >
                    Logout
                  </button>
                </>
              ) : status === 'anonymous' ? (
                <Link to={paths.authPortal.getHref('customer')} onClick={close} className={mobileItemClasses}>
                  Sign In
                </Link>
              ) : null}
            </div>
          </nav>
        ) : null}
      </div>
    </div>
  );
}
