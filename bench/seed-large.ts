import { seedLargeCatalog } from './listening-seed.ts';

/**
 * `node --import tsx bench/seed-large.ts <data dir> <artists> <songs> <plays>`: seeds a large
 * catalog (`seedLargeCatalog`) in a process of its own, so a scenario that then runs load from
 * its own process does so from one that did not build the catalog first: the heap that leaves
 * would pause the load, and its pauses count as the server's latency.
 */
const [dataDir, artists, songs, plays] = process.argv.slice(2);
if (!dataDir) throw new Error('Usage: seed-large.ts <data dir> <artists> <songs> <plays>');
await seedLargeCatalog(dataDir, {
  artists: Number(artists),
  songs: Number(songs),
  plays: Number(plays),
});
