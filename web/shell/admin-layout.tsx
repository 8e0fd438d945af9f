import { LayoutDashboard, LogOut, Mic2, Music, Users } from 'lucide-react';
import { Outlet, useLocation } from 'react-router';
import { Link } from '../ui/link.tsx';

interface AdminLink {
  to: string;
  label: string;
  icon: typeof Users;
  /** Where the pages inside this one start (Edit Artist is inside Artists). */
  inside?: string;
}

const SECTIONS: { title: string; links: AdminLink[] }[] = [
  {
    title: 'Overview',
    links: [{ to: '/admin_dashboard', label: 'Dashboard', icon: LayoutDashboard }],
  },
  {
    title: 'Management',
    links: [
      { to: '/admin_users', label: 'Users', icon: Users },
      { to: '/admin_songs', label: 'Songs', icon: Music },
      { to: '/admin_artist', label: 'Artists', icon: Mic2, inside: '/admin_artist_edit/' },
    ],
  },
];

/**
 * The admin area's frame: no top bar, a sidebar with sections and logout. Below 768 px the
 * sidebar is a bar above the page, its links in one scrolling row, so the page keeps the width.
 */
export function AdminLayout({ onLogout }: { onLogout?: () => void }) {
  // Routes match without regard to case or a trailing slash; so does the marked link.
  const { pathname: address } = useLocation();
  const pathname = address.toLowerCase().replace(/(.)\/$/, '$1');
  /** The link's own page, or a page inside it, which keeps its section marked (as `true`). */
  const currentOf = ({ to, inside }: AdminLink) =>
    pathname === to ? 'page' : inside && pathname.startsWith(inside) ? 'true' : undefined;
  return (
    <div className="flex h-full flex-col bg-[#0b0b0b] text-white md:flex-row">
      <aside
        aria-label="Admin"
        className="flex shrink-0 items-center gap-2 border-b border-white/10 p-2 md:w-60 md:flex-col md:items-stretch md:border-r md:border-b-0 md:p-4"
      >
        <p className="text-xl font-bold max-md:sr-only md:mb-6">Chorus Admin</p>
        <nav className="scrollbar-thin flex min-w-0 flex-1 gap-1 overflow-x-auto md:flex-col md:gap-6">
          {SECTIONS.map((section) => (
            <div key={section.title} className="shrink-0">
              <p className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase max-md:sr-only">
                {section.title}
              </p>
              <ul className="flex gap-1 md:flex-col">
                {section.links.map((link) => {
                  const { to, label, icon: Icon } = link;
                  const current = currentOf(link);
                  return (
                    <li key={to}>
                      <Link
                        to={to}
                        aria-current={current}
                        className={`flex items-center gap-3 rounded-md px-2 py-2 text-sm md:px-3 ${current ? 'bg-white/10 text-white' : 'text-muted hover:text-white'}`}
                      >
                        <Icon className="size-4 max-md:hidden" /> {label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </nav>
        <button
          type="button"
          onClick={onLogout}
          className="flex shrink-0 items-center gap-3 rounded-md px-2 py-2 text-sm text-muted hover:text-white md:px-3"
        >
          <LogOut className="size-4 max-md:hidden" /> Logout
        </button>
      </aside>
      <main className="min-h-0 min-w-0 flex-1 overflow-y-auto p-4 md:p-6">
        <Outlet />
      </main>
    </div>
  );
}
