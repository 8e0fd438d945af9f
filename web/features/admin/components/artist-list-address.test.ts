import { describe, expect, it } from 'vitest';
import { listAddress, listState } from './artist-list-address.ts';

describe('listAddress', () => {
  it('returns to the list as its Edit link left it', () => {
    const params = new URLSearchParams({ q: 'hollow pines', status: 'active', page: '2' });
    expect(listAddress(listState(params))).toBe(
      '/admin_artist?q=hollow+pines&status=active&page=2',
    );
  });

  it('returns to the first page of a list with nothing chosen', () => {
    expect(listAddress(listState(new URLSearchParams()))).toBe('/admin_artist');
  });

  it('returns to the first page when the page was opened otherwise', () => {
    for (const state of [null, undefined, 'text', {}, { listSearch: 3 }]) {
      expect(listAddress(state)).toBe('/admin_artist');
    }
  });

  it('stays on the artists list whatever the state holds', () => {
    expect(listAddress({ listSearch: '/../admin_users' })).toBe('/admin_artist');
  });
});
