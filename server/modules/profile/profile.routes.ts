import { FollowedArtists, Profile } from '../../../contract/playlists.ts';
import type { App, Deps } from '../../deps.ts';
import { requireCaller } from '../../plugins/policies.ts';
import { CatalogRepository } from '../catalog/catalog.repository.ts';
import { ProfileRepository } from './profile.repository.ts';
import { ProfileService } from './profile.service.ts';

const tags = ['profile'];

export async function profileRoutes(app: App, deps: Deps): Promise<void> {
  const profile = new ProfileService(
    new ProfileRepository(deps.db),
    new CatalogRepository(deps),
    deps.services.catalog,
    deps.services.playlists,
  );

  app.get(
    '/api/me/profile',
    {
      config: { policy: 'listener' },
      schema: {
        tags,
        summary:
          "The caller's profile: name, public playlists, top artists and tracks of the last 30 days",
        response: { 200: Profile },
      },
    },
    (request) => profile.of(requireCaller(request).userId),
  );

  app.get(
    '/api/me/library/artists',
    {
      config: { policy: 'listener' },
      schema: {
        tags,
        summary: 'Artists the caller follows, for the library',
        response: { 200: FollowedArtists },
      },
    },
    (request) => profile.followedArtists(requireCaller(request).userId),
  );
}
