/**
 * docs/product.md §8.6: unhandled promise rejections are logged only; they never take the
 * UI down. Returns a function that removes the listener.
 */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onUnhandledRejection = (event: PromiseRejectionEvent) => {
    event.preventDefault();
    console.error('Unhandled promise rejection', event.reason);
  };
  target.addEventListener('unhandledrejection', onUnhandledRejection);
  return () => target.removeEventListener('unhandledrejection', onUnhandledRejection);
}
