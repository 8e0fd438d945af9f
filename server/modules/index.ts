import type { Module } from '../deps.ts';
import { adminArtistsRoutes } from './admin-artists/admin-artists.routes.ts';
import { adminDashboardRoutes } from './admin-dashboard/admin-dashboard.routes.ts';
import { adminSongsRoutes } from './admin-songs/admin-songs.routes.ts';
import { adminUsersRoutes } from './admin-users/admin-users.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { catalogRoutes } from './catalog/catalog.routes.ts';
import { followsRoutes } from './follows/follows.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { likesRoutes } from './likes/likes.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { playlistsRoutes } from './playlists/playlists.routes.ts';
import { playsRoutes } from './plays/plays.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { relatedRoutes } from './related/related.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { subsonicRoutes } from './subsonic/subsonic.routes.ts';

/** Every feature's routes, registered in this order. */
export const modules: Module[] = [
  healthRoutes,
  authRoutes,
  catalogRoutes,
  relatedRoutes,
  playsRoutes,
  followsRoutes,
  searchRoutes,
  mediaRoutes,
  playlistsRoutes,
  likesRoutes,
  profileRoutes,
  adminDashboardRoutes,
  adminUsersRoutes,
  adminSongsRoutes,
  adminArtistsRoutes,
  subsonicRoutes,
];
