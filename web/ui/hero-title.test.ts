import { describe, expect, it } from 'vitest';
import { pageTitle } from '../../contract/rules/page-title.ts';
import { heroTitleLength } from './hero-title.tsx';

describe('titles', () => {
  it('scale a page title down by the length of the name, in characters', () => {
    expect(heroTitleLength('Kingston')).toBe('short');
    expect(heroTitleLength('The Lowlands Orbit Band')).toBe('medium');
    expect(heroTitleLength('A Very Long Album Title That Goes On And On')).toBe('long');
    expect(heroTitleLength('🎵'.repeat(19))).toBe('short');
  });

  it('name the tab after the page, or the app alone', () => {
    expect(pageTitle('Kingston Rust')).toBe('Kingston Rust · Chorus');
    expect(pageTitle('  ')).toBe('Chorus');
    expect(pageTitle(undefined)).toBe('Chorus');
  });
});
