import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { getSession } from './lib/session.ts';
import { ErrorPage, NotFoundPage } from './shell/error-page.tsx';
import { MainLayout } from './shell/main-layout.tsx';
import { NotBuiltYet } from './ui/not-built.tsx';

/** A page that has not shipped yet: the route exists and says so. */
const pending = (title: string) => <NotBuiltYet title={title} />;

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      { path: '/login', element: pending('Log in') },
      { path: '/otpSection', element: pending('Enter your code') },
      { path: '/loginWithPass', element: pending('Log in with a password') },
      { path: '/forgotPassword', element: pending('Reset your password') },
      { path: '/adminLogin', element: pending('Admin Login') },
      { path: '/signup', element: pending('Sign up to start listening') },
      { path: '/createPass', element: pending('Create a password') },
      { path: '/profileinfo', element: pending('Tell us about yourself') },
      { path: '/terms&conditions', element: pending('Terms and conditions') },
      { path: '/addPlaylist', element: pending('Edit details') },
      { path: '/SongFullScreen', element: pending('Now playing') },
      {
        path: '/',
        element: <MainLayout />,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./features/home/home-page.tsx')).HomePage,
            }),
          },
          { path: 'profile', element: pending('Profile') },
          { path: 'AllArtist', element: pending('All Artists') },
          { path: 'viewPlaylist/:id', element: pending('Playlist') },
          { path: 'viewArtistSongs/:id', element: pending('Artist') },
          { path: 'album/:id', element: pending('Album') },
          { path: 'search', element: pending('Search') },
          { path: 'likedSongs', element: pending('Liked Songs') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./shell/admin-gate.tsx')).AdminGate }),
        children: [
          { path: '/admin_dashboard', element: pending('Dashboard') },
          { path: '/admin_users', element: pending('Users') },
          { path: '/admin_songs', element: pending('Songs') },
          { path: '/admin_artist', element: pending('Artists') },
          { path: '/admin_artist_edit/:id', element: pending('Edit Artist') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
