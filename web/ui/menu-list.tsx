import { Fragment, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * The list of a menu (web/ui/menu.tsx): loaded when a menu first opens, or when the browser is
 * idle, so the first page carries only the menu buttons.
 */
export interface MenuEntry {
  /** Visible text, also the accessible name. */
  label: string;
  onSelect?: () => void;
  /** A list of choices opened beside the item instead of an action. */
  submenu?: MenuEntry[];
  /** A separator line before this item. */
  separated?: boolean;
}

/** Where a list opens: its top and one side, in viewport pixels; kept inside the screen. */
export interface MenuPlace {
  top: number;
  left?: number;
  right?: number;
}

/** The closest a menu comes to the screen's edges. */
const MARGIN = 8;

const itemClass =
  'flex w-full cursor-pointer items-center justify-between gap-4 rounded-sm px-3 py-2.5 text-left text-sm outline-none focus:bg-white/10';

interface MenuListProps {
  label: string;
  items: MenuEntry[];
  place: MenuPlace;
  initialFocus: 'first' | 'last';
  /** Closes this list; `refocus` gives the focus back to what opened it. */
  onClose(refocus: boolean): void;
  /** Closes the whole menu, this list's parents too (the same as `onClose` for the first list). */
  onCloseAll(refocus: boolean): void;
  id?: string;
}

/** One level of a menu, in a portal; a submenu is another `MenuList` beside its item. */
export function MenuList({
  label,
  items,
  place,
  initialFocus,
  onClose,
  onCloseAll,
  id,
}: MenuListProps) {
  const list = useRef<HTMLDivElement>(null);
  const [submenu, setSubmenu] = useState<{ at: number; place: MenuPlace } | null>(null);
  const nested = onClose !== onCloseAll;

  // Opened at a point near an edge (a right-click low on the page), the list moves inside.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const box = element.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    if (box.bottom > window.innerHeight - MARGIN) {
      element.style.top = `${Math.max(MARGIN, window.innerHeight - box.height - MARGIN)}px`;
    }
    if (box.right > width - MARGIN) {
      element.style.left = `${Math.max(MARGIN, width - box.width - MARGIN)}px`;
    }
    const menuItems = element.querySelectorAll<HTMLElement>('[role="menuitem"]');
    menuItems[initialFocus === 'first' ? 0 : menuItems.length - 1]?.focus();
  }, [initialFocus]);

  const openSubmenu = (at: number, from: HTMLElement) => {
    const box = from.getBoundingClientRect();
    setSubmenu({ at, place: { top: box.top, left: box.right + 2 } });
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // A submenu's keys are its own, though React passes them up through the portal.
    if ((event.target as Element).closest('[role="menu"]') !== event.currentTarget) return;
    const menuItems = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const current = menuItems.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) =>
      menuItems[(index + menuItems.length) % menuItems.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        focusAt(current - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(menuItems.length - 1);
        break;
      case 'ArrowRight': {
        const item = menuItems[current];
        if (item && items[current]?.submenu) openSubmenu(current, item);
        break;
      }
      case 'ArrowLeft':
        if (nested) onClose(true);
        break;
      case 'Escape':
        onClose(true);
        break;
      case 'Tab':
        onCloseAll(true);
        break;
      default: {
        // Enter and Space are the focused item's own (a native button click).
        if (event.key === ' ') {
          event.stopPropagation();
          return;
        }
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        const letter = event.key.toLowerCase();
        const order = [...menuItems.slice(current + 1), ...menuItems.slice(0, current + 1)];
        order.find((item) => item.textContent?.trim().toLowerCase().startsWith(letter))?.focus();
      }
    }
    event.preventDefault();
    // The page's own shortcuts (Space plays, M mutes) must not act while the menu has focus.
    event.stopPropagation();
  }

  const open = submenu ? items[submenu.at] : undefined;
  return createPortal(
    <div
      ref={list}
      id={id}
      role="menu"
      aria-label={label}
      aria-orientation="vertical"
      tabIndex={-1}
      data-menu=""
      onKeyDown={onKeyDown}
      style={{ position: 'fixed', ...place }}
      className="z-50 max-w-[calc(100vw-1rem)] min-w-48 rounded-md bg-[#282828] p-1 text-white shadow-xl"
    >
      {items.map((item, at) => (
        <Fragment key={item.label}>
          {item.separated ? <hr className="my-1 h-px border-0 bg-white/10" /> : null}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-haspopup={item.submenu ? 'menu' : undefined}
            aria-expanded={item.submenu ? submenu?.at === at : undefined}
            className={itemClass}
            onPointerMove={(event) => {
              event.currentTarget.focus();
              if (submenu && submenu.at !== at) setSubmenu(null);
            }}
            onClick={(event) => {
              if (item.submenu) return openSubmenu(at, event.currentTarget);
              onCloseAll(true);
              item.onSelect?.();
            }}
          >
            <span className="truncate">{item.label}</span>
            {item.submenu ? <span aria-hidden>›</span> : null}
          </button>
        </Fragment>
      ))}
      {open?.submenu && submenu ? (
        <MenuList
          label={open.label}
          items={open.submenu}
          place={submenu.place}
          initialFocus="first"
          onClose={(refocus) => {
            setSubmenu(null);
            if (refocus) {
              list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[submenu.at]?.focus();
            }
          }}
          onCloseAll={onCloseAll}
        />
      ) : null}
    </div>,
    document.body,
  );
}
