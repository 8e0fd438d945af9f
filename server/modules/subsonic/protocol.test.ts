import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import {
  asSubsonicError,
  FilledNode,
  heardAt,
  type Node,
  OpenEntry,
  openEntryText,
  Params,
  RenderedNode,
  responseText,
  Slot,
  SubsonicError,
} from './protocol.ts';
import {
  albumFolderId,
  artistFolderId,
  byIndexLetter,
  itemOf,
  suffixOf,
} from './subsonic.presenter.ts';
import { coverWidth } from './subsonic.routes.ts';
import { searchQueryOf } from './subsonic.service.ts';
import { decodePassword } from './subsonic-auth.ts';

describe('Subsonic answers', () => {
  it('writes attributes, repeated elements and text, escaping what XML cannot hold as is', () => {
    const xml = responseText('xml', {
      genres: { genre: [{ songCount: 2, albumCount: 1, value: 'R&B <live>' }] },
      song: { id: '1', title: 'Say "hi"\u0001', isDir: false },
    });
    expect(xml).toContain('<genre songCount="2" albumCount="1">R&amp;B &lt;live&gt;</genre>');
    expect(xml).toContain('<song id="1" title="Say &quot;hi&quot;" isDir="false"/>');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<subsonic-response xmlns=/);
  });

  it('writes any text in XML as XML 1.0 carries it: markup escaped, what it cannot hold dropped', () => {
    const escapes: Record<string, string> = {
      '&': '&amp;',
      '<': '&lt;',
      '>': '&gt;',
      '"': '&quot;',
      "'": '&apos;',
    };
    // XML 1.0's Char production, code point by code point (a lone surrogate is one of them).
    const carried = (code: number) =>
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      code >= 0x10000;
    const expected = (text: string) =>
      Array.from(text)
        .filter((char) => carried(char.codePointAt(0) ?? 0))
        .map((char) => escapes[char] ?? char)
        .join('');
    // Both halves of 🎵 (U+1F3B5), so texts hold whole pairs, lone halves and halves swapped.
    const pieces = [
      'a',
      'é',
      '中',
      ' ',
      '&',
      '<',
      '>',
      '"',
      "'",
      '\t',
      '\u0001',
      '\ud83c',
      '\udfb5',
    ];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces, '\ufffd', '\ufffe'), { maxLength: 12 }),
        (parts) => {
          const title = parts.join('');
          expect(responseText('xml', { song: { title } })).toContain(
            `<song title="${expected(title)}"/>`,
          );
        },
      ),
    );
  });

  it('writes the same tree as JSON, text-only elements as strings and no undefined fields', () => {
    const response = JSON.parse(
      responseText('json', {
        artistInfo2: { biography: { value: 'About' }, musicBrainzId: undefined },
        ext: [{ name: 'formPost', versions: [1] }],
      }),
    )['subsonic-response'];
    expect(response).toEqual({
      status: 'ok',
      version: '1.16.1',
      type: 'chorus',
      serverVersion: expect.any(String),
      openSubsonic: true,
      artistInfo2: { biography: 'About' },
      ext: [{ name: 'formPost', versions: [1] }],
    });
  });

  it('writes entries of plain values as JSON does: escaped, unknown numbers null, undefined left out', () => {
    const song: Node = {
      id: '1',
      title: 'Say "hi"\u0001 Flügel 🎵 \ud800',
      track: undefined,
      duration: 200,
      bitRate: Number.NaN,
      isDir: false,
    };
    const text = responseText('json', { songs: { song: [song, { id: '2' }] } });
    expect(text).toContain(
      '"songs":{"song":[{"id":"1","title":"Say \\"hi\\"\\u0001 Flügel 🎵 \\ud800","duration":200,"bitRate":null,"isDir":false},{"id":"2"}]}',
    );
  });

  it('writes a rendered node as the node itself, its slots filled or left out', () => {
    const album = (starred?: string | Slot): Node => ({
      id: '7',
      name: 'Flügel & "Co"',
      starred,
      year: 2020,
    });
    const rendered = new RenderedNode('album');
    rendered.write('json', album(new Slot(7)));
    rendered.write('xml', album(new Slot(7)));
    const starred = new Map([[7, '2026-01-01T00:00:00.000Z']]);
    for (const format of ['json', 'xml'] as const) {
      for (const values of [starred, new Map<number, string>()]) {
        const filled = responseText(format, {
          list: { album: [new FilledNode(rendered, values)] },
        });
        const direct = responseText(format, { list: { album: [album(values.get(7))] } });
        expect(filled).toBe(direct);
      }
    }
  });

  it('writes an open entry held as UTF-8 as the same entry held as text', () => {
    const songs: Node[] = [
      { id: '1', title: 'Café 日本 "live" <b> & co', duration: 200 },
      { id: '2', title: 'Plain' },
      {},
    ];
    const tail: Node = { playCount: 3, starred: '2026-11-29T10:00:00.000Z' };
    for (const format of ['json', 'xml'] as const) {
      const entries = (asBytes: boolean) =>
        songs.map((song) => {
          const head = openEntryText(format, 'song', song);
          return new OpenEntry(asBytes ? Buffer.from(head) : head, tail);
        });
      const asText = responseText(format, { searchResult3: { song: entries(false) } });
      const asBytes = responseText(format, { searchResult3: { song: entries(true) } });
      expect(asBytes).toBe(asText);
      expect(asText).toContain(format === 'json' ? '"playCount":3' : 'playCount="3"');
    }
    expect(
      JSON.parse(responseText('json', { list: { song: [new OpenEntry(Buffer.from('{'), tail)] } }))[
        'subsonic-response'
      ].list.song,
    ).toEqual([tail]);
  });

  it('writes refusals with their code and message', () => {
    const response = JSON.parse(responseText('json', new SubsonicError(70, 'Song not found')));
    expect(response['subsonic-response']).toMatchObject({
      status: 'failed',
      error: { code: 70, message: 'Song not found' },
    });
  });

  it("maps Chorus's errors onto Subsonic codes", () => {
    expect(asSubsonicError(new AppError(404, 'x'))?.code).toBe(70);
    expect(asSubsonicError(new AppError(403, 'x'))?.code).toBe(50);
    expect(asSubsonicError(new AppError(400, 'x'))?.code).toBe(10);
    expect(asSubsonicError(new AppError(401, 'x'))?.code).toBe(40);
    // A conflict is no missing parameter: the generic code, with the message saying what.
    for (const status of [409, 413, 422, 429, 503]) {
      expect(asSubsonicError(new AppError(status, 'what happened'))).toMatchObject({
        code: 0,
        message: 'what happened',
      });
    }
    expect(asSubsonicError(new Error('bug'))).toBeNull();
  });
});

describe('Subsonic parameters', () => {
  it('reads query and form values together, every value of a repeated name', () => {
    const params = Params.from({ id: ['1', '2'], f: 'json' }, { id: ['3'] });
    expect(params.ids('id')).toEqual([1, 2, 3]);
    expect(params.get('f')).toBe('json');
    expect(() => params.required('u')).toThrow(/missing: u/);
  });

  it('takes only positive integer ids and clamps numbers', () => {
    const params = Params.from({ id: 'al-1', size: '100000', offset: '-5', bad: 'x' });
    expect(() => params.id()).toThrow(SubsonicError);
    expect(params.int('size', 10, 1, 500)).toBe(500);
    expect(params.int('offset', 0, 0, 10)).toBe(0);
    expect(params.int('bad', 7, 0, 10)).toBe(7);
  });

  it("reads when a scrobbled song was heard: the app's time, never later than now", () => {
    const now = Date.parse('2026-11-28T12:00:00.000Z');
    const hourAgo = now - 3_600_000;
    expect(heardAt(String(hourAgo), now).getTime()).toBe(hourAgo);
    // A phone whose clock runs ahead, and times that are not numbers, are taken as now.
    expect(heardAt(String(now + 60_000), now).getTime()).toBe(now);
    for (const garbled of [undefined, '', 'yesterday', '-5', '1.5e12', '9'.repeat(16)]) {
      expect(heardAt(garbled, now).getTime(), String(garbled)).toBe(now);
    }
  });

  it("reads what an id names by its kind: a song's plain id, an artist's or an album's folder", () => {
    expect(itemOf('42')).toEqual({ kind: 'song', id: 42 });
    expect(itemOf(artistFolderId(42))).toEqual({ kind: 'artist', id: 42 });
    expect(itemOf(albumFolderId(42))).toEqual({ kind: 'album', id: 42 });
    for (const unknown of ['ar-', 'al-x', 'ar-0', 'al-9999999999', 'single-4', 'xx-4', ' 4']) {
      expect(() => itemOf(unknown), unknown).toThrow(SubsonicError);
    }
  });

  it('decodes enc: passwords and leaves others as sent', () => {
    expect(decodePassword(`enc:${Buffer.from('sésame').toString('hex')}`)).toBe('sésame');
    expect(decodePassword('plain')).toBe('plain');
    expect(decodePassword('enc:zz')).toBe('enc:zz');
  });

  it('reads search3\'s "" and an absent query as everything', () => {
    expect(searchQueryOf('""')).toBe('');
    expect(searchQueryOf(undefined)).toBe('');
    expect(searchQueryOf(' "night drive" ')).toBe('night drive');
    expect(searchQueryOf('night')).toBe('night');
  });

  it('bounds cover sizes to the stored widths', () => {
    expect(coverWidth(undefined)).toBe(640);
    expect(coverWidth(10)).toBe(64);
    expect(coverWidth(64)).toBe(64);
    expect(coverWidth(200)).toBe(300);
    expect(coverWidth(99_999)).toBe(640);
  });

  it('groups names under their first letter, others under #', () => {
    const groups = byIndexLetter(
      ['beta', 'Alpha', '9 lives', 'Émile'].map((name) => ({ name, node: { name } })),
    );
    expect(groups.map((group) => group.name)).toEqual(['A', 'B', 'E', '#']);
    expect(groups[2]?.artist).toEqual([{ name: 'Émile' }]);
    expect(suffixOf('audio/abc.MP3')).toBe('mp3');
  });

  it('files a name under its first letter as search folds it, in one order on every server', () => {
    const names = [
      'Édith Piaf',
      'Eagles',
      'ñu',
      'Øystein',
      'Åsa',
      'ßtraße',
      'ﬁre',
      '한영애',
      '황',
      'がらくた',
      '😀 Smile',
    ];
    const groups = byIndexLetter(names.map((name) => ({ name, node: { name } })));
    const filed: [string, string[]][] = [
      ['A', ['Åsa']],
      ['E', ['Eagles', 'Édith Piaf']],
      ['F', ['ﬁre']],
      ['N', ['ñu']],
      ['O', ['Øystein']],
      ['S', ['ßtraße']],
      ['ᄒ', ['한영애', '황']],
      ['か', ['がらくた']],
      ['#', ['😀 Smile']],
    ];
    expect(groups.map((group) => [group.name, group.artist])).toEqual(
      filed.map(([letter, inGroup]) => [letter, inGroup.map((name) => ({ name }))]),
    );
  });

  it('files names past a leading article, ordered as filed under each letter', () => {
    const names = ['Theodor', 'beta', 'The Beatles', 'A Tribe Called Quest', 'The The'];
    const groups = byIndexLetter(
      [...names, 'Artist 10', 'Artist 2', 'Los Lobos'].map((name) => ({ name, node: { name } })),
    );
    const filed: [string, string[]][] = [
      ['A', ['Artist 2', 'Artist 10']],
      ['B', ['The Beatles', 'beta']],
      ['L', ['Los Lobos']],
      ['T', ['The The', 'Theodor', 'A Tribe Called Quest']],
    ];
    expect(groups.map((group) => [group.name, group.artist])).toEqual(
      filed.map(([letter, inGroup]) => [letter, inGroup.map((name) => ({ name }))]),
    );
  });
});
