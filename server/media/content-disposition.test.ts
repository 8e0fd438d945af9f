import { describe, expect, it } from 'vitest';
import { attachment } from './content-disposition.ts';

describe('attachment', () => {
  it('names the file as it is, and plainly for clients that read only filename', () => {
    expect(attachment('Night Drive', 'mp3')).toBe(
      `attachment; filename="Night Drive.mp3"; filename*=UTF-8''Night%20Drive.mp3`,
    );
    expect(attachment('Café "Olé" (live) 100%', 'flac')).toBe(
      `attachment; filename="Caf_ _Ol__ (live) 100_.flac"; filename*=UTF-8''Caf%C3%A9%20%22Ol%C3%A9%22%20%28live%29%20100%25.flac`,
    );
  });

  it('makes no path and no broken header of a title, and names an empty one', () => {
    expect(attachment('../../etc/passwd', 'mp3')).toMatch(
      /^attachment; filename=".. .. etc passwd.mp3";/,
    );
    expect(attachment('two\r\nlines\u0000', 'mp3')).toMatch(/filename="two lines.mp3"/);
    expect(attachment('  ', 'ogg')).toMatch(/filename="song.ogg"/);
    expect(attachment('x'.repeat(500), 'mp3')).toContain(`filename="${'x'.repeat(200)}.mp3"`);
    // Cut by characters: an emoji at the cut stays whole, and a lone surrogate becomes a space.
    expect(attachment(`${'x'.repeat(199)}😀 and more`, 'mp3')).toContain(
      `filename*=UTF-8''${'x'.repeat(199)}%F0%9F%98%80.mp3`,
    );
    expect(attachment('half \ud83d of it', 'mp3')).toContain(`filename*=UTF-8''half%20of%20it.mp3`);
    expect(attachment('evil\u202egpj.exe', 'mp3')).toContain(`filename="evilgpj.exe.mp3"`);
  });
});
