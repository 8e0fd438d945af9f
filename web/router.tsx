import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { getSession } from './lib/session.ts';
import { ErrorPage, NotFoundPage } from './shell/error-page.tsx';
import { MainLayout } from './shell/main-layout.tsx';

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      {
        path: '/login',
        lazy: async () => ({
          Component: (await import('./features/auth/login-page.tsx')).LoginPage,
        }),
      },
      {
        path: '/otpSection',
        lazy: async () => ({ Component: (await import('./features/auth/otp-page.tsx')).OtpPage }),
      },
      {
        path: '/loginWithPass',
        lazy: async () => ({
          Component: (await import('./features/auth/password-login-page.tsx')).PasswordLoginPage,
        }),
      },
      {
        path: '/forgotPassword',
        lazy: async () => ({
          Component: (await import('./features/auth/forgot-password-page.tsx')).ForgotPasswordPage,
        }),
      },
      {
        path: '/adminLogin',
        lazy: async () => ({
          Component: (await import('./features/auth/admin-login-page.tsx')).AdminLoginPage,
        }),
      },
      {
        path: '/signup',
        lazy: async () => ({
          Component: (await import('./features/signup/signup-page.tsx')).SignupPage,
        }),
      },
      {
        path: '/createPass',
        lazy: async () => ({
          Component: (await import('./features/signup/create-pass-page.tsx')).CreatePassPage,
        }),
      },
      {
        path: '/profileinfo',
        lazy: async () => ({
          Component: (await import('./features/signup/profile-info-page.tsx')).ProfileInfoPage,
        }),
      },
      {
        path: '/terms&conditions',
        lazy: async () => ({
          Component: (await import('./features/signup/terms-page.tsx')).TermsPage,
        }),
      },
      {
        path: '/addPlaylist',
        lazy: async () => ({
          Component: (await import('./features/library/add-playlist-page.tsx')).AddPlaylistPage,
        }),
      },
      {
        path: '/SongFullScreen',
        lazy: async () => ({
          Component: (await import('./features/fullscreen/song-full-screen-page.tsx'))
            .SongFullScreenPage,
        }),
      },
      {
        path: '/',
        // Administrators get only the admin area and no top bar (SPEC §2.1).
        loader: () => (getSession().isAdmin ? redirect('/admin_dashboard') : null),
        element: <MainLayout />,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./features/home/home-page.tsx')).HomePage,
            }),
          },
          {
            path: 'profile',
            lazy: async () => ({
              Component: (await import('./features/profile/profile-page.tsx')).ProfilePage,
            }),
          },
          {
            path: 'AllArtist',
            lazy: async () => ({
              Component: (await import('./features/all-artists/all-artists-page.tsx'))
                .AllArtistsPage,
            }),
          },
          {
            path: 'viewPlaylist/:id',
            lazy: async () => ({
              Component: (await import('./features/playlist/playlist-page.tsx')).PlaylistPage,
            }),
          },
          {
            path: 'viewArtistSongs/:id',
            lazy: async () => ({
              Component: (await import('./features/artist/artist-page.tsx')).ArtistPage,
            }),
          },
          {
            path: 'album/:id',
            lazy: async () => ({
              Component: (await import('./features/album/album-page.tsx')).AlbumPage,
            }),
          },
          {
            path: 'search',
            lazy: async () => ({
              Component: (await import('./features/search/search-page.tsx')).SearchPage,
            }),
          },
          {
            path: 'likedSongs',
            lazy: async () => ({
              Component: (await import('./features/liked/liked-songs-page.tsx')).LikedSongsPage,
            }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./shell/admin-gate.tsx')).AdminGate }),
        children: [
          {
            path: '/admin_dashboard',
            lazy: async () => ({
              Component: (await import('./features/admin/dashboard-page.tsx')).DashboardPage,
            }),
          },
          {
            path: '/admin_users',
            lazy: async () => ({
              Component: (await import('./features/admin/users-page.tsx')).UsersPage,
            }),
          },
          {
            path: '/admin_songs',
            lazy: async () => ({
              Component: (await import('./features/admin/songs-page.tsx')).SongsPage,
            }),
          },
          {
            path: '/admin_artist',
            lazy: async () => ({
              Component: (await import('./features/admin/artists-page.tsx')).ArtistsPage,
            }),
          },
          {
            path: '/admin_artist_edit/:id',
            lazy: async () => ({
              Component: (await import('./features/admin/edit-artist-page.tsx')).EditArtistPage,
            }),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
