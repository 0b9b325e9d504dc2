import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach } from 'vitest';

// findBy*/waitFor wait up to 3 s (default 1 s): lazy route chunks and chained fetches
// take longer than 1 s when the whole suite runs in parallel on a small (2-core) machine.
configure({ asyncUtilTimeout: 3000 });

// jsdom has no matchMedia; react-hot-toast asks for prefers-reduced-motion.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// jsdom does not scroll; React Router's ScrollRestoration calls scrollTo on navigation.
window.scrollTo = () => undefined;
// Nor do its elements: the compare table's Previous / Next scroll its columns.
Element.prototype.scrollTo = () => undefined;

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

afterEach(() => {
  cleanup();
  // react-hot-toast keeps its toasts in a module-level store: start each test empty.
  toast.remove();
});
