/**
 * Word lists for the demo catalog. Everything here is fictional; any resemblance to real artists
 * is accidental. Accented names are deliberate: search has to match them accent-insensitively.
 */
import type { Genre } from '../../../contract/rules/catalog.ts';
import { pick, type Rng, shuffle } from './prng.ts';

// The demo uses the genres the admin song form offers.
export { GENRES, type Genre } from '../../../contract/rules/catalog.ts';

export interface ArtistSeed {
  name: string;
  genre: Genre;
  /** What they are: "band", "producer", "string quartet"... used in the description. */
  kind: string;
}

/** Artists whose names carry diacritics; a catalog always includes some of them. */
export const ACCENTED_ARTISTS: readonly ArtistSeed[] = [
  { name: 'Zoë Ármann', genre: 'Pop', kind: 'singer-songwriter' },
  { name: 'Léa Moreau', genre: 'Jazz', kind: 'vocalist' },
  { name: 'Los Niños del Sol', genre: 'Reggae', kind: 'band' },
  { name: 'Björn Ekström Trio', genre: 'Jazz', kind: 'trio' },
  { name: 'Orquesta Sinfónica de Aurelia', genre: 'Classical', kind: 'orchestra' },
  { name: 'Jürgen Falk', genre: 'Electronic', kind: 'producer' },
  { name: 'Rhiannon Dávila', genre: 'R&B', kind: 'singer' },
  { name: 'Amélie & the Nightjars', genre: 'Country', kind: 'band' },
];

export const PLAIN_ARTISTS: readonly ArtistSeed[] = [
  { name: 'The Velvet Static', genre: 'Rock', kind: 'band' },
  { name: 'Hollow Pines', genre: 'Rock', kind: 'four-piece' },
  { name: 'Neon Harbor', genre: 'Electronic', kind: 'duo' },
  { name: 'Static Bloom', genre: 'Electronic', kind: 'producer' },
  { name: 'Marcus Vale', genre: 'R&B', kind: 'singer' },
  { name: 'Nova Sunday', genre: 'R&B', kind: 'singer-songwriter' },
  { name: 'Lil Orbit', genre: 'Hip Hop', kind: 'rapper' },
  { name: 'MC Tidewater', genre: 'Hip Hop', kind: 'MC' },
  { name: 'Ruby Okafor', genre: 'Hip Hop', kind: 'rapper and producer' },
  { name: 'Dusty Creek Revival', genre: 'Country', kind: 'band' },
  { name: 'The Copper Saints', genre: 'Country', kind: 'quintet' },
  { name: 'Sister Marigold', genre: 'Blues', kind: 'singer and guitarist' },
  { name: 'Big Jim Calloway', genre: 'Blues', kind: 'guitarist' },
  { name: 'Kingston Lowlands', genre: 'Reggae', kind: 'collective' },
  { name: 'Echo Valley Sound System', genre: 'Reggae', kind: 'sound system' },
  { name: 'Ivy Lancaster', genre: 'Pop', kind: 'singer' },
  { name: 'Paper Lanterns', genre: 'Pop', kind: 'trio' },
  { name: 'Blue Tuesday Quartet', genre: 'Jazz', kind: 'quartet' },
  { name: 'Ada Whitlock', genre: 'Classical', kind: 'pianist and composer' },
  { name: 'The Meridian Strings', genre: 'Classical', kind: 'string quartet' },
];

const ALBUM_TITLES: readonly string[] = [
  'Midnight Cartography',
  'Paper Moons',
  'Salt & Static',
  'Northern Lights Revue',
  'Electric Orchard',
  'Glass Houses',
  'Songs for the Long Drive',
  'Low Tide Letters',
  'Neon Psalms',
  'Cathedral of Small Hours',
  'Dust on the Dial',
  'Kingfisher Blue',
  'Gold Coast Diaries',
  'Après la Pluie',
  'Half-Lit Rooms',
  'Satellite Hearts',
  'Velvet Weather',
  'The Quiet Engine',
  'Harbor Sessions',
  'Saudade Street',
  'Wildflower Radio',
  'Concrete Garden',
  'Blue Hour Variations',
  'Ciudad Dorada',
];

/** Song titles with diacritics; a catalog always includes some of them. */
export const ACCENTED_SONG_TITLES: readonly string[] = [
  'Café del Mar',
  'Déjà Vu at Midnight',
  'Señorita Lluvia',
  'Über the Rooftops',
  'Crème Brûlée Summer',
  'Naïve Hearts',
  'São Paulo Sunrise',
  'Fiancée of the Sea',
];

const SONG_TITLES: readonly string[] = [
  'Northbound Train',
  'Lanterns in the Rain',
  'Copper Sky',
  'Slow Burn',
  'Paper Airplanes',
  'Gravity & Grace',
  'Last Call at the Blue Room',
  'Electric Dreams',
  'Honey in the Static',
  'Tidal',
  'Marigold',
  'After the Parade',
  'Ghosts of July',
  'City of Glass',
  'Moonlight Motel',
  'Wildfire',
  'Golden Hour',
  'Parallel Lines',
  'Backroads',
  'Saltwater',
  'Velvet Underground Station',
  'Firefly Waltz',
  'Heatwave',
  'Kaleidoscope',
  'The Long Way Home',
  'Undertow',
  'Sugar Cane',
  'Satellite',
  'Neon Rain',
  'Blue Monday Morning',
  'Sweet Tea & Thunder',
  'Ferris Wheel',
  'Sunday Best',
  'Daybreak',
  'Cold Coffee',
  'Riverbend',
  'Midnight Oil',
  'Polaroid',
  'Echoes in the Hall',
  'Dancing on the Ceiling Fan',
  'Low Light',
  'Skyline',
  'Chasing Summer',
  'Rooftop Gardens',
  'Silver Lining',
  'Night Bus',
  'Rust & Bone',
  'Whiskey Sunrise',
  'Open Water',
  'Porch Light',
  'Analog Heart',
  'Bassline Prayer',
  'Orbit',
  'The Quiet Part',
  'Prelude in Blue',
  'Sideways',
  'Crosswinds',
  'Lemon Grove',
];

const CITIES: readonly string[] = [
  'Lisbon',
  'Montréal',
  'Bristol',
  'Austin',
  'Kingston',
  'Reykjavík',
  'New Orleans',
  'Berlin',
  'Melbourne',
  'Nashville',
  'Detroit',
  'São Paulo',
  'Glasgow',
  'Osaka',
  'Chicago',
  'Marseille',
];

const GENRE_WORDS: Record<Genre, { noun: string; traits: readonly string[] }> = {
  Rock: {
    noun: 'rock',
    traits: ['roaring guitars and big choruses', 'raw, sweaty live shows', 'fuzzed-out riffs'],
  },
  Pop: {
    noun: 'pop',
    traits: [
      'hooks that refuse to leave',
      'glossy synths and sharp lyrics',
      'bright, bittersweet songs',
    ],
  },
  'Hip Hop': {
    noun: 'hip hop',
    traits: ['dusty boom-bap beats', 'razor-sharp wordplay', 'late-night storytelling'],
  },
  Jazz: {
    noun: 'jazz',
    traits: ['smoky late-night sets', 'daring improvisation', 'warm, swinging standards'],
  },
  Classical: {
    noun: 'classical',
    traits: [
      'luminous chamber recordings',
      'bold readings of the repertoire',
      'new works for strings',
    ],
  },
  Electronic: {
    noun: 'electronic',
    traits: [
      'hypnotic basslines',
      'warm analog synths and restless drum machines',
      'sunrise DJ sets',
    ],
  },
  Country: {
    noun: 'country',
    traits: [
      'tight harmonies and pedal steel',
      'honest songs about small towns',
      'foot-stomping live shows',
    ],
  },
  'R&B': {
    noun: 'R&B',
    traits: ['silky vocals over slow grooves', 'lush, late-night production', 'soulful falsetto'],
  },
  Reggae: {
    noun: 'reggae',
    traits: ['deep one-drop grooves', 'sunny skanking guitars', 'heavyweight dub basslines'],
  },
  Blues: {
    noun: 'blues',
    traits: [
      'slide guitar that cries',
      'a voice like gravel and honey',
      'twelve bars of heartbreak',
    ],
  },
};

const OPENERS: readonly string[] = ['acclaimed', 'genre-bending', 'beloved', 'restless', 'cult'];
const SECOND_SENTENCES: readonly string[] = [
  'Known for {trait}, they have played festivals across three continents.',
  'Their music is built on {trait}.',
  'Fans come for {trait} and stay for the encores.',
  'Critics keep returning to their {trait}.',
];

/** One or two sentences such as "Hollow Pines is an acclaimed rock four-piece from Glasgow." */
export function describeArtist(artist: ArtistSeed, rng: Rng): string {
  const words = GENRE_WORDS[artist.genre];
  const opener = pick(rng, OPENERS);
  const article = /^[aeiou]/i.test(opener) ? 'an' : 'a';
  const first = `${artist.name} is ${article} ${opener} ${words.noun} ${artist.kind} from ${pick(rng, CITIES)}.`;
  if (rng() < 0.25) return first;
  const second = pick(rng, SECOND_SENTENCES).replace('{trait}', pick(rng, words.traits));
  return `${first} ${second}`;
}

/**
 * Chooses `count` distinct artists, always including two with accented names, and otherwise
 * spreading them over as many genres as possible so every genre has someone to play it.
 */
export function chooseArtists(count: number, rng: Rng): ArtistSeed[] {
  const accented = shuffle(rng, ACCENTED_ARTISTS);
  const chosen = accented.slice(0, 2);
  const rest = shuffle(rng, [...accented.slice(2), ...PLAIN_ARTISTS]);
  const covered = new Set(chosen.map((a) => a.genre));
  // First pass: one artist for each genre not yet covered; second: anyone.
  for (const candidate of rest) {
    if (chosen.length >= count) break;
    if (!covered.has(candidate.genre)) {
      chosen.push(candidate);
      covered.add(candidate.genre);
    }
  }
  for (const candidate of rest) {
    if (chosen.length >= count) break;
    if (!chosen.includes(candidate)) chosen.push(candidate);
  }
  return shuffle(rng, chosen);
}

export function chooseAlbumTitles(count: number, rng: Rng): string[] {
  return shuffle(rng, ALBUM_TITLES).slice(0, count);
}

/** Distinct song titles, at least two of them accented (when count allows). */
export function chooseSongTitles(count: number, rng: Rng): string[] {
  const accented = shuffle(rng, ACCENTED_SONG_TITLES);
  const guaranteed = accented.slice(0, Math.min(2, count));
  const pool = shuffle(rng, [...accented.slice(2), ...SONG_TITLES]);
  const titles = [...guaranteed, ...pool].slice(0, count);
  // More songs than titles: number the repeats like a real catalog's reprises.
  for (let i = titles.length; i < count; i++) {
    titles.push(`${pool[i % pool.length]} (Reprise ${Math.floor(i / pool.length) + 1})`);
  }
  return shuffle(rng, titles);
}
