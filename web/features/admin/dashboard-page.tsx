import { Crown, Mic2, Music, PlayCircle, Plus, Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useDashboardStats } from './api/get-stats.ts';
import { LoadErrorBanner, PageHeader, primaryButton, StatCard } from './components/admin-ui.tsx';

function playsNote(change: number | null | undefined, last30: number | undefined) {
  if (last30 === undefined) return undefined;
  if (change === null || change === undefined)
    return `${last30.toLocaleString('en-US')} in the last 30 days`;
  const sign = change > 0 ? '+' : '';
  return `${sign}${change}% this month`;
}

/** Dashboard, with real figures where the spec shows placeholders. */
export function DashboardPage() {
  const stats = useDashboardStats();
  const navigate = useNavigate();
  const data = stats.data;
  return (
    <div>
      <PageHeader title="Dashboard" />
      <LoadErrorBanner query={stats} label="Error" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5">
        <StatCard label="Total Users" value={data?.totalUsers} icon={Users} />
        <StatCard
          label="Songs Played"
          value={data?.songsPlayed.total}
          icon={PlayCircle}
          note={playsNote(data?.songsPlayed.changePercent, data?.songsPlayed.last30Days)}
        />
        <StatCard label="Premium Users" value={data?.premiumUsers} icon={Crown} />
        <StatCard label="Total Songs" value={data?.totalSongs} icon={Music} />
        <StatCard label="Total Artists" value={data?.totalArtists} icon={Mic2} />
      </div>
      <section className="mt-8">
        <h2 className="mb-3 text-lg font-semibold">Quick Actions</h2>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={primaryButton}
            onClick={() => navigate('/admin_songs?add=1')}
          >
            <Plus className="size-4" /> Add New Song
          </button>
          <button
            type="button"
            className={primaryButton}
            onClick={() => navigate('/admin_artist?add=1')}
          >
            <Plus className="size-4" /> Add New Artist
          </button>
        </div>
      </section>
    </div>
  );
}
