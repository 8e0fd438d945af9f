import type { AnchorHTMLAttributes, Ref } from 'react';
import { type To, useHref, useLinkClickHandler } from 'react-router';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** Carried with the history entry (read back through `useLocation().state`). */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a page of Chorus: an anchor whose plain clicks navigate within the app, with React
 * Router's click rules (modifier keys, middle clicks and other targets open the browser's way).
 * React Router's own `Link` also carries route prefetching and view transitions, which Chorus
 * does not use and every listener would download.
 */
export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
