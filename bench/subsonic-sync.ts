import { performance } from 'node:perf_hooks';

/**
 * `node --import tsx bench/subsonic-sync.ts <page url> <songs> <page size>`: a full `search3 ""`
 * sync the way Symfonium does it, songs only, page after page (`{offset}` in the URL stands for
 * each page's offset), timed in a process of its own; prints `{ "ms": … }`. The Subsonic
 * scenario's load runs after it from the scenario's process, and a process that has just read
 * the whole library through `fetch` pauses its load now and then, which the load would count as
 * the server's latency.
 */
const [pageUrl, songs, page] = process.argv.slice(2);
if (!pageUrl || !songs || !page) {
  throw new Error('Usage: subsonic-sync.ts <page url> <songs> <page size>');
}
const pageSize = Number(page);
const started = performance.now();
let synced = 0;
for (let offset = 0; ; offset += pageSize) {
  const response = await fetch(pageUrl.replaceAll('{offset}', String(offset)));
  const body = (await response.json())['subsonic-response'];
  if (body.status !== 'ok') throw new Error(`search3 sync: ${JSON.stringify(body.error)}`);
  const listed = body.searchResult3.song?.length ?? 0;
  synced += listed;
  if (listed < pageSize) break;
}
if (synced !== Number(songs)) throw new Error(`search3 sync listed ${synced} of ${songs} songs`);
console.log(JSON.stringify({ ms: Math.round(performance.now() - started) }));
