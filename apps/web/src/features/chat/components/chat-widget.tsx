import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Spinner } from '@/components/ui/spinner';
import { loadChunk } from '@/lib/lazy-route';
import { useClearSpot } from '../hooks/use-clear-spot';
import { CHAT_TEXT } from '../utils/chat-messages';
import { ROI_DATA_REQUEST_EVENT, ROI_DATA_UPDATE_EVENT, toRoiContext } from '../utils/roi-context';
import { OPEN_CHAT_WIDGET_EVENT, readOpenRequest, type WidgetOpenRequest, type WidgetState } from '../utils/widget-events';

const importPanel = () => import('./chat-widget-panel');
const ChatWidgetPanel = lazy(() => loadChunk(importPanel));

/** Where focus goes after the visitor changed the state (never on page load). */
type FocusTarget = 'launcher' | 'panel' | null;

/**
 * The floating AI chat widget on every page (docs/product.md §3.6): closed (a launcher
 * button), open, or minimized. This part is small and loads with the app; the panel
 * (conversation, requests) is its own chunk, loaded when the widget first opens. It
 * listens from the start for `roiDataUpdate` (the ROI calculator's figures) and
 * `openChatWidget` (a page asking the widget to open with context).
 */
export function ChatWidget() {
  const panelId = useId();
  const { pathname } = useLocation();
  const [state, setState] = useState<WidgetState>('closed');
  // The panel stays mounted once opened, so closing keeps the conversation.
  const [mounted, setMounted] = useState(false);
  const [roiData, setRoiData] = useState<Record<string, unknown> | null>(null);
  const [request, setRequest] = useState<WidgetOpenRequest | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const pathnameRef = useRef(pathname);
  const nonce = useRef(0);

  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  const open = useCallback(() => {
    setMounted(true);
    setState('open');
    setFocusTarget('panel');
  }, []);

  useEffect(() => {
    const onRoiData = (event: Event) => setRoiData(toRoiContext((event as CustomEvent<unknown>).detail));
    const onOpen = (event: Event) => {
      nonce.current += 1;
      setRequest(readOpenRequest((event as CustomEvent<unknown>).detail, nonce.current, pathnameRef.current));
      open();
    };
    window.addEventListener(ROI_DATA_UPDATE_EVENT, onRoiData);
    window.addEventListener(OPEN_CHAT_WIDGET_EVENT, onOpen);
    // The calculator may have sent its figures before this listener existed.
    window.dispatchEvent(new Event(ROI_DATA_REQUEST_EVENT));
    return () => {
      window.removeEventListener(ROI_DATA_UPDATE_EVENT, onRoiData);
      window.removeEventListener(OPEN_CHAT_WIDGET_EVENT, onOpen);
    };
  }, [open]);

  useEffect(() => {
    if (focusTarget === 'launcher' && state === 'closed') launcherRef.current?.focus();
  }, [focusTarget, state]);

  // It never sits on a control: when one scrolls under it, it moves out of the way (issue 13).
  useClearSpot(launcherRef, state === 'closed');

  const close = useCallback(() => {
    setState('closed');
    setFocusTarget('launcher');
  }, []);
  const minimize = useCallback(() => {
    setState('minimized');
    setFocusTarget('panel');
  }, []);

  return (
    <>
      {state === 'closed' ? (
        <button
          ref={launcherRef}
          type="button"
          aria-label={CHAT_TEXT.openWidget}
          aria-expanded={false}
          aria-controls={mounted ? panelId : undefined}
          onClick={open}
          onPointerEnter={() => void importPanel()}
          onFocus={() => void importPanel()}
          data-chat-launcher
          className="fixed bottom-[var(--floating-offset)] right-4 z-40 inline-flex h-12 w-12 items-center justify-center rounded-full bg-orange-700 text-white shadow-lg ring-2 ring-white hover:bg-orange-800 motion-safe:transition-transform motion-safe:duration-150 sm:h-14 sm:w-14 dark:ring-slate-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 sm:right-6 dark:bg-orange-600 dark:text-slate-950 dark:hover:bg-orange-500 dark:focus-visible:outline-orange-400"
        >
          <MessageCircle className="h-6 w-6" aria-hidden="true" />
        </button>
      ) : null}
      {mounted ? (
        <ErrorBoundary fallback={() => <WidgetUnavailable hidden={state === 'closed'} onClose={close} />}>
          <Suspense fallback={state === 'closed' ? null : <WidgetLoading />}>
            <ChatWidgetPanel
              id={panelId}
              state={state}
              focusOnShow={focusTarget === 'panel'}
              onOpen={open}
              onMinimize={minimize}
              onClose={close}
              request={request}
              roiData={roiData}
            />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </>
  );
}

const floating =
  'fixed bottom-4 right-4 z-40 rounded-2xl border border-slate-200 bg-white p-4 shadow-2xl sm:bottom-6 sm:right-6 dark:border-slate-700 dark:bg-slate-900';

function WidgetLoading() {
  return (
    <div className={floating}>
      <Spinner label="Loading the AI assistant" />
    </div>
  );
}

function WidgetUnavailable({ hidden, onClose }: { hidden: boolean; onClose: () => void }) {
  if (hidden) return null;
  return (
    <div role="alert" className={`${floating} max-w-xs text-sm text-slate-800 dark:text-slate-200`}>
      <p>The AI assistant could not be loaded. Check your connection and reload the page.</p>
      <button type="button" onClick={onClose} className="mt-2 font-semibold text-orange-800 underline dark:text-orange-300">
        {CHAT_TEXT.close}
      </button>
    </div>
  );
}
