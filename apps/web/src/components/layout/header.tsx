import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { env } from '@/config/env';
import { isAuthPath, paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { cn } from '@/lib/cn';
import { Logo } from './logo';
import { MessagesLink } from './messages-link';
import { MobileMenu } from './mobile-menu';
import { MAIN_NAV_LINKS } from './nav-items';
import { navLinkActiveClasses, navLinkClasses } from './nav-styles';
import { PortalsMenu } from './portals-menu';
import { ThemeToggle } from './theme-toggle';

export function Header() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { status, logout } = useSession();
  const showPortals = !isAuthPath(pathname);

  const onLogout = () => {
    logout();
    navigate(paths.home.getHref());
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Link
          to={paths.home.getHref()}
          aria-label={`${env.appName} home`}
          className="-ml-1 rounded-lg p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 dark:focus-visible:outline-orange-400"
        >
          <Logo />
        </Link>

        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {MAIN_NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) => cn(navLinkClasses, isActive && navLinkActiveClasses)}
            >
              {link.label}
            </NavLink>
          ))}
          {showPortals ? <PortalsMenu /> : null}
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <div className="hidden items-center gap-2 md:flex">
            {status === 'authenticated' ? (
              <>
                <MessagesLink className={navLinkClasses} activeClassName={navLinkActiveClasses} />
                <NavLink
                  to={paths.dashboard.getHref()}
                  className={({ isActive }) => cn(navLinkClasses, isActive && navLinkActiveClasses)}
                >
                  Dashboard
                </NavLink>
                {/* From 1024 px: between 768 and 1023 the header has no room (the dashboards link to it). */}
                <NavLink
                  to={paths.apiKeys.getHref()}
                  // One link for both integration settings (API keys, webhooks: a tab bar on each page).
                  className={() => cn(navLinkClasses, 'max-lg:hidden', pathname.startsWith('/settings/') && navLinkActiveClasses)}
                >
                  Integrations
                </NavLink>
                <button type="button" onClick={onLogout} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                  Logout
                </button>
              </>
            ) : status === 'anonymous' ? (
              <Link to={paths.authPortal.getHref('customer')} className={buttonClasses({ size: 'sm' })}>
                Sign In
              </Link>
            ) : null}
          </div>
          <ThemeToggle />
          <MobileMenu showPortals={showPortals} onLogout={onLogout} />
        </div>
      </div>
    </header>
  );
}
