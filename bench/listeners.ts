import { runLoad } from './load.ts';

/**
 * What listeners see during `npm run bench -- attack`, measured in a process of its own so the
 * attackers' work in the bench process never delays these answers' clocks: the home page and
 * random ranges of a song, each over `connections` connections for `seconds`. Prints one JSON
 * line: `{ home, audio }`, each a LoadResult with its statuses as an object.
 */
const [url, songId, songSize, rangeBytes, seconds, connections] = process.argv.slice(2);
const size = Number(songSize);
const range = Number(rangeBytes);
const options = { url: url!, connections: Number(connections), seconds: Number(seconds) };
const audioPath = `/api/songs/${songId}/stream`;
const [home, audio] = await Promise.all([
  runLoad({ ...options, request: () => ({ path: '/api/home' }) }),
  runLoad({
    ...options,
    request: () => {
      const start = Math.floor(Math.random() * Math.max(1, size - range));
      return {
        path: audioPath,
        headers: { range: `bytes=${start}-${Math.min(size - 1, start + range - 1)}` },
      };
    },
  }),
]);
const plain = (result: typeof home) => ({
  ...result,
  statuses: Object.fromEntries(result.statuses),
});
process.stdout.write(`${JSON.stringify({ home: plain(home), audio: plain(audio) })}\n`);
