import { useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { landingFor } from '../features/auth/components/auth-frame.tsx';
import { HEALTH_TIMEOUT_MS } from '../lib/connection.ts';
import { confirmSession, getSession, useSession } from '../lib/session.ts';

/**
 * The pages that log in and sign up, which a logged-in listener has no use for. The browser only
 * holds a hint of a session, so with one the server is asked first: a live session goes where a
 * fresh login lands, replacing this page in the history so Back does not bring it again; a
 * session the server no longer knows shows the form (its hints are gone by then). The form stays
 * hidden while the server is asked, so it never shows only to vanish.
 */
export function LoggedOutOnly() {
  const { isAuth } = useSession();
  const navigate = useNavigate();
  // Decided on arrival: a login made on these pages then goes on by itself, as it does for a visitor.
  const [asking, setAsking] = useState(isAuth);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, on arrival (see above)
  useEffect(() => {
    if (!asking) return;
    let decided = false;
    const decide = (live: boolean) => {
      if (decided) return;
      decided = true;
      if (live) navigate(landingFor(getSession().isAdmin), { replace: true });
      else setAsking(false);
    };
    // A server that does not answer in time leaves the form to the listener; the call goes on,
    // and a late refusal still clears the hints, but no longer moves the page.
    const timer = setTimeout(() => decide(false), HEALTH_TIMEOUT_MS);
    void confirmSession().then(decide);
    return () => {
      decided = true;
      clearTimeout(timer);
    };
  }, []);

  return asking ? null : <Outlet />;
}
