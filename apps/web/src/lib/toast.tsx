import { Toaster, type ToasterProps } from 'react-hot-toast';
import { useTheme } from './theme';

/** docs/product.md §3.7: success 2 s, error 4 s, loading until dismissed, top right. */
export const TOAST_DURATIONS_MS = { success: 2000, error: 4000, loading: Infinity } as const;
export const TOAST_POSITION = 'top-right' as const;
/**
 * Top right, but below the sticky 64 px header: a toast must not cover the header's
 * buttons (Logout, theme, portals) while it is shown, or longer while hovered.
 */
export const TOAST_CONTAINER_TOP_PX = 72;

/**
 * At most 20 toasts at once. react-hot-toast 2.6 enforces exactly this itself:
 * src/core/store.ts has `TOAST_LIMIT = 20` and its ADD_TOAST reducer keeps
 * `[toast, ...toasts].slice(0, toastLimit)`. Toaster has no prop for it, so we rely
 * on the library and pin the behaviour with a test (toast.test.tsx).
 */
export const TOAST_LIMIT = 20;

/** The class every toast carries, so browser tests can wait for toasts to finish. */
export const TOAST_CLASS = 'app-toast';

export const toastOptions: NonNullable<ToasterProps['toastOptions']> = {
  className: TOAST_CLASS,
  success: { duration: TOAST_DURATIONS_MS.success },
  error: { duration: TOAST_DURATIONS_MS.error },
  loading: { duration: TOAST_DURATIONS_MS.loading },
};

export function AppToaster() {
  const { theme } = useTheme();
  return (
    <Toaster
      position={TOAST_POSITION}
      containerStyle={{ top: TOAST_CONTAINER_TOP_PX }}
      toastOptions={{
        ...toastOptions,
        style:
          theme === 'dark'
            ? { background: '#1e293b', color: '#f1f5f9', border: '1px solid #334155' }
            : { background: '#ffffff', color: '#0f172a', border: '1px solid #e2e8f0' },
      }}
    />
  );
}
