import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@/lib/cn';
import { PORTAL_ENTRIES } from './nav-items';
import { useChoosePortal } from './use-choose-portal';

/** docs/product.md §3.3: the portal menu closes 150 ms after the pointer leaves. */
export const PORTAL_MENU_CLOSE_DELAY_MS = 150;

/**
 * The header's Portals dropdown. Opens on mouse hover and on click or keyboard
 * (Enter, Space, ArrowDown/ArrowUp). Items are reachable with Tab and arrow keys;
 * Escape closes and returns focus to the button. The caller hides it on /auth paths.
 */
export function PortalsMenu() {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  // A mouse user's click lands on a menu that hover already opened: that click
  // should keep it open rather than toggle it shut.
  const openedByHover = useRef(false);
  const menuId = useId();
  const choosePortal = useChoosePortal();

  const cancelClose = () => {
    if (closeTimer.current !== null) {
      clearTimeout(closeTimer.current);
      closeTimer.current = null;
    }
  };

  useEffect(() => cancelClose, []);

  const openMenu = () => {
    cancelClose();
    setOpen(true);
  };

  const closeMenu = (returnFocus = false) => {
    cancelClose();
    openedByHover.current = false;
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const focusItem = (index: number) => {
    const count = PORTAL_ENTRIES.length;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };

  // Touch and pen "hover" is a tap, which the click handler already toggles.
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    if (!open) openedByHover.current = true;
    openMenu();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    closeTimer.current = setTimeout(() => {
      closeTimer.current = null;
      openedByHover.current = false;
      setOpen(false);
    }, PORTAL_MENU_CLOSE_DELAY_MS);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu();
      const index = event.key === 'ArrowDown' ? 0 : PORTAL_ENTRIES.length - 1;
      // The items render with the menu; focus them once they exist.
      requestAnimationFrame(() => focusItem(index));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      closeMenu();
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(PORTAL_ENTRIES.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        closeMenu(true);
        break;
      default:
    }
  };

  // Keyboard users leave with Tab: close once focus is outside the whole widget.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    if (next !== null) closeMenu();
  };

  return (
    <div className="relative" onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          if (open && !openedByHover.current) {
            closeMenu();
          } else {
            openedByHover.current = false;
            openMenu();
          }
        }}
        onKeyDown={onButtonKeyDown}
        className={cn(
          'inline-flex min-h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600',
          'dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white dark:focus-visible:outline-orange-400',
        )}
      >
        Portals
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      {open ? (
        // pt-2 bridges the gap to the button so the pointer can travel without leaving.
        <div className="absolute right-0 top-full z-40 w-56 pt-2">
          <div
            id={menuId}
            role="menu"
            aria-label="Portals"
            onKeyDown={onMenuKeyDown}
            className="rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            {PORTAL_ENTRIES.map((entry, index) => (
              <button
                key={entry.role}
                ref={(node) => {
                  itemRefs.current[index] = node;
                }}
                type="button"
                role="menuitem"
                onClick={() => {
                  closeMenu();
                  choosePortal(entry.role);
                }}
                className={cn(
                  'flex w-full items-center rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100',
                  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-orange-600',
                  'dark:text-slate-100 dark:hover:bg-slate-800 dark:focus-visible:outline-orange-400',
                )}
              >
                {entry.label}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
