import type { ReactNode } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollRestorer } from './scroll-restoration';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * Header, main landmark and footer around every route. `overlay` is what floats above
 * every page: app/router.tsx passes the chat widget (components/ imports no feature).
 */
export function RootLayout({ overlay }: { overlay?: ReactNode } = {}) {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-lg bg-orange-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:outline-2 focus:outline-offset-2 focus:outline-white"
      >
        Skip to content
      </a>
      {navigation.state === 'loading' ? (
        <div className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-orange-600" aria-hidden="true" />
      ) : null}
      <Header />
      {/* At least a screen tall (less the 4rem header), so the footer never shows and then jumps while a route loads (CLS). */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-[calc(100vh-4rem)] flex-1 focus:outline-none">
        <Outlet />
      </main>
      {/* With something floating above the page, the page ends --floating-reserve lower (one rule for every page, index.css). */}
      <Footer reserveFloatingSpace={Boolean(overlay)} />
      {overlay}
      <ScrollRestorer />
    </div>
  );
}
