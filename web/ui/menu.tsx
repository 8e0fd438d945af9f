import {
  Fragment,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

/**
 * A small menu button (WAI-ARIA "menu button" pattern) for the top bar, which every listener
 * page loads: the trigger opens a `role="menu"` list placed under it; arrow keys, Home/End and
 * the first letter move between items; Enter/Space/click select; Escape, Tab, a click outside
 * or selecting closes it and gives focus back to the trigger. Written here rather than taken
 * from a component library so the first page does not carry a positioning engine.
 */
export interface MenuEntry {
  /** Visible text, also the accessible name. */
  label: string;
  onSelect: () => void;
  /** A separator line before this item. */
  separated?: boolean;
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

const OFFSET = 6;

const itemClass =
  'flex w-full cursor-pointer items-center rounded-sm px-3 py-2.5 text-left text-sm outline-none focus:bg-white/10';

export function Menu({ label, triggerClassName, children, items, align }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; left?: number; right?: number } | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  /** Which item gets focus when the menu opens: the first, or the last (ArrowUp). */
  const initialFocus = useRef<'first' | 'last'>('first');
  const id = useId();

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  }, []);

  const position = useCallback(() => {
    const box = trigger.current?.getBoundingClientRect();
    if (!box) return;
    setPlace(
      align === 'start'
        ? { top: box.bottom + OFFSET, left: box.left }
        : { top: box.bottom + OFFSET, right: document.documentElement.clientWidth - box.right },
    );
  }, [align]);

  useEffect(() => {
    if (!open) return;
    const menuItems = list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    menuItems?.[initialFocus.current === 'first' ? 0 : menuItems.length - 1]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (list.current?.contains(target) || trigger.current?.contains(target)) return;
      close(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('resize', position);
    window.addEventListener('scroll', position, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('resize', position);
      window.removeEventListener('scroll', position, true);
    };
  }, [open, close, position]);

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

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
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
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        close(true);
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
      {open && place
        ? createPortal(
            <div
              ref={list}
              id={id}
              role="menu"
              aria-label={label}
              aria-orientation="vertical"
              tabIndex={-1}
              onKeyDown={onMenuKeyDown}
              style={{ position: 'fixed', ...place }}
              className="z-50 min-w-48 rounded-md bg-[#282828] p-1 text-white shadow-xl"
            >
              {items.map((item) => (
                <Fragment key={item.label}>
                  {item.separated ? <hr className="my-1 h-px border-0 bg-white/10" /> : null}
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={itemClass}
                    onPointerMove={(event) => event.currentTarget.focus()}
                    onClick={() => {
                      close(true);
                      item.onSelect();
                    }}
                  >
                    {item.label}
                  </button>
                </Fragment>
              ))}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
