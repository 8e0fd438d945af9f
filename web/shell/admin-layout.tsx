import { LayoutDashboard, LogOut, Mic2, Music, Users } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';

const SECTIONS = [
  {
    title: 'Overview',
    links: [{ to: '/admin_dashboard', label: 'Dashboard', icon: LayoutDashboard }],
  },
  {
    title: 'Management',
    links: [
      { to: '/admin_users', label: 'Users', icon: Users },
      { to: '/admin_songs', label: 'Songs', icon: Music },
      { to: '/admin_artist', label: 'Artists', icon: Mic2 },
    ],
  },
] as const;

/** The admin area's frame: no top bar, a sidebar with sections and logout. */
export function AdminLayout({ onLogout }: { onLogout?: () => void }) {
  return (
    <div className="flex h-full bg-[#0b0b0b] text-white">
      <aside
        aria-label="Admin"
        className="flex w-60 shrink-0 flex-col border-r border-white/10 p-4"
      >
        <p className="mb-6 text-xl font-bold">Chorus Admin</p>
        <nav className="flex flex-1 flex-col gap-6">
          {SECTIONS.map((section) => (
            <div key={section.title}>
              <p className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase">
                {section.title}
              </p>
              <ul className="flex flex-col gap-1">
                {section.links.map(({ to, label, icon: Icon }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      className={({ isActive }) =>
                        `flex items-center gap-3 rounded-md px-3 py-2 text-sm ${isActive ? 'bg-white/10 text-white' : 'text-muted hover:text-white'}`
                      }
                    >
                      <Icon className="size-4" /> {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <button
          type="button"
          onClick={onLogout}
          className="flex items-center gap-3 rounded-md px-3 py-2 text-sm text-muted hover:text-white"
        >
          <LogOut className="size-4" /> Logout
        </button>
      </aside>
      <main className="min-w-0 flex-1 overflow-y-auto p-6">
        <Outlet />
      </main>
    </div>
  );
}
