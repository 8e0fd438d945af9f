import type { ReactNode } from 'react';
import {
  type KeyboardEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { whenIdle } from '../lib/idle.ts';
import type { MenuEntry, MenuPlace } from './menu-list.tsx';

/**
 * Menus (WAI-ARIA "menu" and "menu button" patterns) for the top bar, which every listener page
 * loads, and for songs: a `role="menu"` list placed under its trigger or at a point; arrow keys,
 * Home/End and the first letter move between items; Enter/Space/click select; an item with a
 * submenu opens it with ArrowRight too, and ArrowLeft or Escape closes it again; Escape, Tab, a
 * click outside or selecting closes the menu and gives focus back to what opened it. Written here
 * rather than taken from a component library so the first page does not carry a positioning
 * engine; the list itself (menu-list.tsx) loads on first use.
 */
const loadMenuList = () => import('./menu-list.tsx');
const MenuList = lazy(() => loadMenuList().then((module) => ({ default: module.MenuList })));

const OFFSET = 6;

/**
 * Closes a menu on a press outside it (its submenus count as inside, as does `trigger`) and
 * follows the page when it scrolls or resizes.
 */
export function useMenuDismiss(
  open: boolean,
  close: () => void,
  trigger: { current: HTMLElement | null } | null,
  follow?: () => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element;
      if (target.closest?.('[data-menu]') || trigger?.current?.contains(target)) return;
      close();
    };
    const onMove = follow ?? close;
    document.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('resize', onMove);
    window.addEventListener('scroll', onMove, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('resize', onMove);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open, close, trigger, follow]);
}

interface MenuProps {
  /** The trigger's accessible name. */
  label: string;
  triggerClassName: string;
  /** What the trigger shows (an icon, an initial). */
  children: ReactNode;
  items: MenuEntry[];
  align: 'start' | 'end';
}

/** A button that opens a menu under it. */
export function Menu({ label, triggerClassName, children, items, align }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<MenuPlace | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  /** Which item gets focus when the menu opens: the first, or the last (ArrowUp). */
  const initialFocus = useRef<'first' | 'last'>('first');
  const id = useId();
  // Fetched ahead, so the first open shows the list at once.
  useEffect(() => whenIdle(() => void loadMenuList()), []);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  }, []);
  const closeOutside = useCallback(() => close(false), [close]);

  const position = useCallback(() => {
    const box = trigger.current?.getBoundingClientRect();
    if (!box) return;
    setPlace(
      align === 'start'
        ? { top: box.bottom + OFFSET, left: box.left }
        : { top: box.bottom + OFFSET, right: document.documentElement.clientWidth - box.right },
    );
  }, [align]);

  useMenuDismiss(open, closeOutside, trigger, position);

  function openWith(focus: 'first' | 'last') {
    initialFocus.current = focus;
    position();
    setOpen(true);
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        className={triggerClassName}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {children}
      </button>
      {open && place ? (
        <Suspense fallback={null}>
          <MenuList
            id={id}
            label={label}
            items={items}
            place={place}
            initialFocus={initialFocus.current}
            onClose={close}
            onCloseAll={close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
