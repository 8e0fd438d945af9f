/**
 * A small offline music synthesiser for the demo catalog.
 *
 * A song is planned from a genre profile (tempo, mode, chord progression, drum pattern, bass and
 * accompaniment styles, timbres) and the seeded PRNG, turned into a list of note and drum events,
 * and rendered additively into mono PCM. Cost matters more than fidelity here: the whole catalog
 * has to be synthesised and MP3-encoded in seconds, so voices are cheap (table sine, polyBLEP
 * saw/square, Karplus-Strong plucks, one-pole filters) and drums are pre-rendered once per song.
 */
import type { Genre } from './names.ts';
import {
  chance,
  deriveSeed,
  mulberry32,
  noise,
  pick,
  pickWeighted,
  type Rng,
  randFloat,
  randInt,
} from './prng.ts';

export interface SynthParams {
  genre: Genre;
  durationSeconds: number;
  sampleRate: number;
}

// ---------------------------------------------------------------------------------------------
// Music theory
// ---------------------------------------------------------------------------------------------

const MODES = {
  ionian: [0, 2, 4, 5, 7, 9, 11],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  aeolian: [0, 2, 3, 5, 7, 8, 10],
  harmonicMinor: [0, 2, 3, 5, 7, 8, 11],
} as const;
export type ModeName = keyof typeof MODES;

const MAJOR_PENTATONIC = [0, 2, 4, 7, 9];
const MINOR_PENTATONIC = [0, 3, 5, 7, 10];
const BLUES_SCALE = [0, 3, 5, 6, 7, 10];

/** A chord as semitones: root relative to the key, intervals relative to the chord root. */
interface Chord {
  root: number;
  intervals: readonly number[];
}

function isMinorMode(mode: ModeName): boolean {
  return MODES[mode][2] === 3;
}

/** Semitone offset of a (possibly negative or > 6) scale degree. */
function degreeSemitone(mode: ModeName, degree: number): number {
  const scale = MODES[mode];
  const octave = Math.floor(degree / scale.length);
  return scale[degree - octave * scale.length]! + 12 * octave;
}

/** Stacks diatonic thirds on a degree, so chord quality follows the mode. */
function diatonicChord(mode: ModeName, degree: number, sevenths: boolean): Chord {
  const root = degreeSemitone(mode, degree);
  const steps = sevenths ? [0, 2, 4, 6] : [0, 2, 4];
  return { root, intervals: steps.map((s) => degreeSemitone(mode, degree + s) - root) };
}

const DOMINANT_SEVENTH = [0, 4, 7, 10];

/** Twelve-bar blues on dominant sevenths: I I I I IV IV I I V IV I V. */
const TWELVE_BAR: readonly number[] = [0, 0, 0, 0, 5, 5, 0, 0, 7, 5, 0, 7];

// Progressions are scale degrees (0 = tonic), one chord per bar.
const MAJOR_PROGRESSIONS: readonly (readonly number[])[] = [
  [0, 4, 5, 3],
  [5, 3, 0, 4],
  [0, 5, 3, 4],
  [0, 3, 4, 3],
  [0, 3, 5, 4],
  [0, 2, 3, 4],
  [3, 0, 4, 5],
];
const MINOR_PROGRESSIONS: readonly (readonly number[])[] = [
  [0, 5, 2, 6],
  [0, 6, 5, 6],
  [0, 3, 6, 2],
  [0, 3, 4, 0],
  [0, 5, 3, 4],
  [0, 2, 5, 4],
];
const JAZZ_PROGRESSIONS: readonly (readonly number[])[] = [
  [1, 4, 0, 0],
  [1, 4, 0, 5],
  [0, 5, 1, 4],
  [3, 2, 1, 4],
];

function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** Places a pitch class in [low, low + 12). */
function placeAbove(pitchClass: number, low: number): number {
  return low + ((((pitchClass - low) % 12) + 12) % 12);
}

// ---------------------------------------------------------------------------------------------
// Timbres and genre profiles
// ---------------------------------------------------------------------------------------------

type Wave = 'sine' | 'triangle' | 'saw' | 'square' | 'supersaw' | 'fm' | 'organ' | 'pluck';

interface Timbre {
  wave: Wave;
  attack: number;
  decay: number;
  sustain: number;
  release: number;
  /** Lowpass cutoff in Hz with the envelope closed, and how far the envelope opens it. */
  cutoff: number;
  filterEnv: number;
  gain: number;
  fmRatio: number;
  fmIndex: number;
  /** Vibrato depth in semitones (starts after the attack, like a player would). */
  vibrato: number;
  /** Supersaw spread in cents. */
  detune: number;
  /** Karplus-Strong loop gain: closer to 1 rings longer. */
  pluckDecay: number;
}

const BASE_TIMBRE: Timbre = {
  wave: 'sine',
  attack: 0.005,
  decay: 0.3,
  sustain: 0.6,
  release: 0.08,
  cutoff: 4000,
  filterEnv: 0,
  gain: 1,
  fmRatio: 1,
  fmIndex: 0,
  vibrato: 0,
  detune: 0,
  pluckDecay: 0.996,
};

function timbre(overrides: Partial<Timbre>): Timbre {
  return { ...BASE_TIMBRE, ...overrides };
}

/** Timbre palettes: each genre picks from a few so songs of one genre still differ. */
const T = {
  subBass: timbre({ wave: 'sine', decay: 0.5, sustain: 0.7, release: 0.06, gain: 1.1 }),
  eightOhEight: timbre({ wave: 'sine', decay: 0.9, sustain: 0.25, release: 0.1, gain: 1.2 }),
  sawBass: timbre({ wave: 'saw', cutoff: 380, filterEnv: 900, decay: 0.18, sustain: 0.5 }),
  squareBass: timbre({ wave: 'square', cutoff: 450, filterEnv: 600, decay: 0.2, sustain: 0.6 }),
  pluckBass: timbre({ wave: 'pluck', pluckDecay: 0.994, cutoff: 1400, gain: 1.3, release: 0.1 }),
  triBass: timbre({ wave: 'triangle', decay: 0.25, sustain: 0.5, release: 0.05, gain: 1.1 }),
  celloBass: timbre({ wave: 'saw', attack: 0.08, sustain: 0.9, cutoff: 700, release: 0.3 }),
  stringPad: timbre({ wave: 'supersaw', attack: 0.35, sustain: 0.85, release: 0.6, cutoff: 1600 }),
  warmPad: timbre({ wave: 'saw', attack: 0.2, sustain: 0.8, release: 0.5, cutoff: 900, detune: 8 }),
  organ: timbre({ wave: 'organ', attack: 0.01, sustain: 0.9, release: 0.05, gain: 0.8 }),
  ePiano: timbre({ wave: 'fm', fmRatio: 1, fmIndex: 1.6, decay: 0.9, sustain: 0.25, release: 0.2 }),
  bell: timbre({ wave: 'fm', fmRatio: 3.5, fmIndex: 2.2, decay: 0.5, sustain: 0.05, release: 0.4 }),
  piano: timbre({ wave: 'fm', fmRatio: 2, fmIndex: 0.9, decay: 0.6, sustain: 0.12, release: 0.15 }),
  // For plucks, release is how long the string rings on once the note is let go.
  guitar: timbre({ wave: 'pluck', pluckDecay: 0.997, cutoff: 3500, gain: 1.2, release: 0.12 }),
  mutedGuitar: timbre({ wave: 'pluck', pluckDecay: 0.985, cutoff: 2200, gain: 1.3, release: 0.05 }),
  harp: timbre({ wave: 'pluck', pluckDecay: 0.998, cutoff: 5000, gain: 1.1, release: 0.9 }),
  squareLead: timbre({ wave: 'square', cutoff: 1800, filterEnv: 1500, sustain: 0.7, gain: 0.7 }),
  sawLead: timbre({ wave: 'supersaw', cutoff: 2200, filterEnv: 2000, sustain: 0.7, detune: 12 }),
  fluteLead: timbre({ wave: 'triangle', attack: 0.04, sustain: 0.8, vibrato: 0.12, gain: 0.9 }),
  sineLead: timbre({ wave: 'sine', attack: 0.02, sustain: 0.8, vibrato: 0.1, gain: 0.9 }),
  violin: timbre({ wave: 'saw', attack: 0.07, sustain: 0.85, cutoff: 2600, vibrato: 0.15 }),
  chipLead: timbre({ wave: 'square', cutoff: 5000, sustain: 0.6, decay: 0.15, gain: 0.55 }),
} satisfies Record<string, Timbre>;

type DrumKind = 'kick' | 'snare' | 'clap' | 'rim' | 'hat' | 'openHat' | 'ride' | 'crash';
type BassStyle = 'eighths' | 'rootFifth' | 'walking' | 'synco' | 'sustain' | 'offbeat' | 'reggae';
type ChordStyle = 'pad' | 'strum' | 'stabs' | 'arpeggio' | 'skank' | 'comp';

/**
 * Drum patterns as one 16-step string per instrument: 'X' accent, 'x' normal, 'o' ghost note.
 * Strings keep the grooves readable and easy to tweak.
 */
type DrumPattern = Partial<Record<DrumKind, string>>;

interface GenreProfile {
  bpm: readonly [number, number];
  modes: readonly (readonly [ModeName, number])[];
  swing: readonly [number, number];
  sevenths: number;
  patterns: readonly DrumPattern[];
  bass: readonly BassStyle[];
  chords: readonly ChordStyle[];
  bassTimbres: readonly Timbre[];
  chordTimbres: readonly Timbre[];
  leadTimbres: readonly Timbre[];
  /** Notes per beat the melody aims for. */
  density: readonly [number, number];
  /** Fraction of a note's slot that sounds: short for staccato styles. */
  legato: number;
  leadScale: 'mode' | 'pentatonic' | 'blues';
  blues12: boolean;
  jazzy: boolean;
}

const BACKBEAT = '....x.......x...';

const PROFILES: Record<Genre, GenreProfile> = {
  Rock: {
    bpm: [112, 148],
    modes: [
      ['ionian', 3],
      ['mixolydian', 2],
      ['aeolian', 3],
    ],
    swing: [0, 0],
    sevenths: 0,
    patterns: [
      { kick: 'X.......x.x.....', snare: BACKBEAT, hat: 'x.x.x.x.x.x.x.x.' },
      { kick: 'X..x....x..x....', snare: BACKBEAT, hat: 'x.x.x.x.x.x.x.x.' },
      { kick: 'X.x.....x.x.....', snare: '....X.......X..o', openHat: 'x.x.x.x.x.x.x.x.' },
    ],
    bass: ['eighths', 'eighths', 'rootFifth'],
    chords: ['strum', 'strum', 'pad'],
    bassTimbres: [T.sawBass, T.pluckBass, T.squareBass],
    chordTimbres: [T.guitar, T.mutedGuitar, T.warmPad],
    leadTimbres: [T.sawLead, T.squareLead],
    density: [1, 2],
    legato: 0.9,
    leadScale: 'pentatonic',
    blues12: false,
    jazzy: false,
  },
  Pop: {
    bpm: [96, 124],
    modes: [
      ['ionian', 5],
      ['aeolian', 2],
      ['lydian', 1],
    ],
    swing: [0, 0.1],
    sevenths: 0.2,
    patterns: [
      { kick: 'X.....x.x.......', clap: BACKBEAT, hat: 'x.x.x.x.x.x.x.x.' },
      { kick: 'X.....x...x.....', snare: BACKBEAT, hat: 'xoxoxoxoxoxoxoxo' },
      { kick: 'X...x...X...x...', clap: BACKBEAT, openHat: '..x...x...x...x.' },
    ],
    bass: ['synco', 'eighths', 'offbeat'],
    chords: ['stabs', 'pad', 'arpeggio'],
    bassTimbres: [T.subBass, T.sawBass, T.squareBass],
    chordTimbres: [T.piano, T.warmPad, T.ePiano, T.bell],
    leadTimbres: [T.chipLead, T.fluteLead, T.bell, T.squareLead],
    density: [1, 2],
    legato: 0.85,
    leadScale: 'mode',
    blues12: false,
    jazzy: false,
  },
  'Hip Hop': {
    bpm: [80, 96],
    modes: [
      ['aeolian', 3],
      ['dorian', 2],
      ['phrygian', 1],
    ],
    swing: [0.3, 0.6],
    sevenths: 0.8,
    patterns: [
      { kick: 'X......x..x.....', snare: BACKBEAT, hat: 'xoxoxoxoxoxoxoxo' },
      { kick: 'X.x.......x..x..', snare: BACKBEAT, hat: 'x.x.x.x.x.x.x.xx' },
      { kick: 'X.....x.x.....x.', clap: BACKBEAT, hat: 'xxxoxxxoxxxoxxxo' },
    ],
    bass: ['synco'],
    chords: ['pad', 'comp'],
    bassTimbres: [T.eightOhEight, T.subBass],
    chordTimbres: [T.ePiano, T.warmPad, T.piano],
    leadTimbres: [T.bell, T.fluteLead, T.sineLead],
    density: [0.5, 1.2],
    legato: 0.8,
    leadScale: 'pentatonic',
    blues12: false,
    jazzy: true,
  },
  Jazz: {
    bpm: [104, 168],
    modes: [
      ['ionian', 3],
      ['dorian', 3],
    ],
    swing: [0.8, 1],
    sevenths: 1,
    patterns: [
      { ride: 'x...x.x.x...x.x.', hat: '....x.......x...', kick: 'o.......o.......' },
      { ride: 'x...x.x.x...x.x.', hat: '....x.......x...', rim: '......o.......o.' },
    ],
    bass: ['walking'],
    chords: ['comp'],
    bassTimbres: [T.pluckBass, T.triBass],
    chordTimbres: [T.ePiano, T.piano],
    leadTimbres: [T.sineLead, T.fluteLead, T.ePiano],
    density: [1.2, 2],
    legato: 0.85,
    leadScale: 'mode',
    blues12: false,
    jazzy: true,
  },
  Classical: {
    bpm: [66, 104],
    modes: [
      ['ionian', 3],
      ['aeolian', 2],
      ['harmonicMinor', 2],
    ],
    swing: [0, 0],
    sevenths: 0.1,
    patterns: [],
    bass: ['sustain'],
    chords: ['arpeggio'],
    bassTimbres: [T.celloBass],
    chordTimbres: [T.harp, T.piano],
    leadTimbres: [T.violin, T.fluteLead],
    density: [0.7, 1.5],
    legato: 0.97,
    leadScale: 'mode',
    blues12: false,
    jazzy: false,
  },
  Electronic: {
    bpm: [118, 130],
    modes: [
      ['aeolian', 3],
      ['dorian', 2],
      ['phrygian', 1],
    ],
    swing: [0, 0.15],
    sevenths: 0.3,
    patterns: [
      {
        kick: 'X...X...X...X...',
        clap: BACKBEAT,
        openHat: '..x...x...x...x.',
        hat: 'o.o.o.o.o.o.o.o.',
      },
      { kick: 'X...X...X...X...', snare: BACKBEAT, hat: 'xoxxxoxxxoxxxoxx' },
    ],
    bass: ['offbeat', 'eighths'],
    chords: ['arpeggio', 'pad'],
    bassTimbres: [T.sawBass, T.squareBass],
    chordTimbres: [T.chipLead, T.stringPad, T.bell],
    leadTimbres: [T.sawLead, T.squareLead, T.bell],
    density: [1, 2],
    legato: 0.7,
    leadScale: 'mode',
    blues12: false,
    jazzy: false,
  },
  Country: {
    bpm: [100, 140],
    modes: [
      ['ionian', 4],
      ['mixolydian', 2],
    ],
    swing: [0, 0.2],
    sevenths: 0,
    patterns: [
      { kick: 'X.......x.......', snare: BACKBEAT, hat: 'xoxoxoxoxoxoxoxo' },
      { kick: 'X.......X.......', rim: BACKBEAT, hat: 'x.x.x.x.x.x.x.x.' },
    ],
    bass: ['rootFifth'],
    chords: ['strum'],
    bassTimbres: [T.pluckBass, T.triBass],
    chordTimbres: [T.guitar, T.mutedGuitar],
    leadTimbres: [T.guitar, T.fluteLead, T.violin],
    density: [1, 2],
    legato: 0.9,
    leadScale: 'pentatonic',
    blues12: false,
    jazzy: false,
  },
  'R&B': {
    bpm: [66, 92],
    modes: [
      ['dorian', 2],
      ['aeolian', 2],
      ['ionian', 2],
    ],
    swing: [0.2, 0.5],
    sevenths: 1,
    patterns: [
      { kick: 'X.........x..x..', snare: BACKBEAT, hat: 'x.xxx.x.x.xxx.x.' },
      { kick: 'X..x......x.....', clap: BACKBEAT, hat: 'xoxoxoxoxoxoxoxo' },
    ],
    bass: ['synco', 'sustain'],
    chords: ['pad', 'comp'],
    bassTimbres: [T.subBass, T.eightOhEight],
    chordTimbres: [T.ePiano, T.warmPad],
    leadTimbres: [T.sineLead, T.fluteLead, T.bell],
    density: [0.8, 1.6],
    legato: 0.9,
    leadScale: 'pentatonic',
    blues12: false,
    jazzy: true,
  },
  Reggae: {
    bpm: [70, 86],
    modes: [
      ['ionian', 2],
      ['aeolian', 2],
      ['dorian', 2],
    ],
    swing: [0.15, 0.35],
    sevenths: 0.2,
    patterns: [
      { kick: '........X.......', rim: '........x.......', hat: 'x.x.x.x.x.x.x.x.' },
      { kick: '........X.......', snare: '........x.......', hat: 'xoxoxoxoxoxoxoxo' },
    ],
    bass: ['reggae'],
    chords: ['skank'],
    bassTimbres: [T.subBass, T.triBass],
    chordTimbres: [T.organ, T.mutedGuitar],
    leadTimbres: [T.organ, T.fluteLead, T.bell],
    density: [0.7, 1.3],
    legato: 0.7,
    leadScale: 'pentatonic',
    blues12: false,
    jazzy: false,
  },
  Blues: {
    bpm: [76, 116],
    modes: [['mixolydian', 1]],
    swing: [0.9, 1],
    sevenths: 1,
    patterns: [
      { kick: 'X.......x.......', snare: BACKBEAT, hat: 'x.x.x.x.x.x.x.x.' },
      { kick: 'X.....x.x.......', snare: BACKBEAT, ride: 'x.x.x.x.x.x.x.x.' },
    ],
    bass: ['walking', 'rootFifth'],
    chords: ['comp', 'strum'],
    bassTimbres: [T.pluckBass, T.triBass],
    chordTimbres: [T.organ, T.guitar, T.piano],
    leadTimbres: [T.guitar, T.squareLead, T.organ],
    density: [1, 1.8],
    legato: 0.85,
    leadScale: 'blues',
    blues12: true,
    jazzy: false,
  },
};

// ---------------------------------------------------------------------------------------------
// Song plan
// ---------------------------------------------------------------------------------------------

export interface SongPlan {
  bpm: number;
  /** 0 = straight, 1 = full triplet swing of the off-beat eighths. */
  swing: number;
  /** MIDI note of the tonic in the bass register. */
  keyRoot: number;
  mode: ModeName;
  /** Chords of one section; the song cycles through it. */
  progression: Chord[];
  /** A contrasting progression for the "chorus" sections. */
  bridge: Chord[];
  /** The final chord. */
  tonic: Chord;
  drums: DrumPattern | null;
  bass: BassStyle;
  chords: ChordStyle;
  bassTimbre: Timbre;
  chordTimbre: Timbre;
  leadTimbre: Timbre;
  leadScale: readonly number[];
  density: number;
  legato: number;
}

function pickProgression(profile: GenreProfile, mode: ModeName, rng: Rng): readonly number[] {
  if (profile.jazzy && chance(rng, 0.6)) return pick(rng, JAZZ_PROGRESSIONS);
  return pick(rng, isMinorMode(mode) ? MINOR_PROGRESSIONS : MAJOR_PROGRESSIONS);
}

function leadScaleFor(profile: GenreProfile, mode: ModeName): readonly number[] {
  if (profile.leadScale === 'blues') return BLUES_SCALE;
  if (profile.leadScale === 'pentatonic') {
    return isMinorMode(mode) ? MINOR_PENTATONIC : MAJOR_PENTATONIC;
  }
  return MODES[mode];
}

/** Decides everything about a song that is not note-by-note: key, tempo, groove, instruments. */
export function planSong(genre: Genre, rng: Rng): SongPlan {
  const profile = PROFILES[genre];
  const mode = pickWeighted(rng, profile.modes);
  const sevenths = chance(rng, profile.sevenths);
  const toChords = (degrees: readonly number[]) =>
    degrees.map((d) => diatonicChord(mode, d, sevenths));
  const progression = profile.blues12
    ? TWELVE_BAR.map((root) => ({ root, intervals: DOMINANT_SEVENTH }))
    : toChords(pickProgression(profile, mode, rng));
  const bridge = profile.blues12 ? progression : toChords(pickProgression(profile, mode, rng));
  const tonic = profile.blues12 ? progression[0]! : diatonicChord(mode, 0, sevenths);
  return {
    bpm: randInt(rng, profile.bpm[0], profile.bpm[1]),
    swing: randFloat(rng, profile.swing[0], profile.swing[1]),
    // E1..D#2 keeps the bass audible yet below the chords whatever the key.
    keyRoot: 28 + randInt(rng, 0, 11),
    mode,
    progression,
    bridge,
    tonic,
    drums: profile.patterns.length > 0 ? pick(rng, profile.patterns) : null,
    bass: pick(rng, profile.bass),
    chords: pick(rng, profile.chords),
    bassTimbre: pick(rng, profile.bassTimbres),
    chordTimbre: pick(rng, profile.chordTimbres),
    leadTimbre: pick(rng, profile.leadTimbres),
    leadScale: leadScaleFor(profile, mode),
    density: randFloat(rng, profile.density[0], profile.density[1]),
    legato: profile.legato,
  };
}

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

type Bus = 'bass' | 'chords' | 'lead';

interface NoteEvent {
  bus: Bus;
  time: number;
  duration: number;
  midi: number;
  velocity: number;
  timbre: Timbre;
}

interface DrumEvent {
  time: number;
  kind: DrumKind;
  velocity: number;
}

/** Timing of 16th-note steps with swing applied to the off-beat eighths (and a bit to 16ths). */
interface Clock {
  stepSeconds: number;
  barSeconds: number;
  time(bar: number, step: number): number;
}

function makeClock(bpm: number, swing: number): Clock {
  const beat = 60 / bpm;
  const stepSeconds = beat / 4;
  const barSeconds = beat * 4;
  return {
    stepSeconds,
    barSeconds,
    time(bar, step) {
      const beatIndex = Math.floor(step / 4);
      const within = step - beatIndex * 4;
      // Full swing moves the "and" from half-way to two thirds of the beat.
      let offset = within * stepSeconds;
      if (within === 2) offset += (swing * beat) / 6;
      else if (within === 1 || within === 3) offset += (swing * beat) / 12;
      return bar * barSeconds + beatIndex * beat + offset;
    },
  };
}

const VELOCITY: Record<string, number> = { X: 1, x: 0.75, o: 0.4 };

function drumEventsForBar(
  pattern: DrumPattern,
  clock: Clock,
  bar: number,
  options: { intro: boolean; fill: boolean; crash: boolean },
  rng: Rng,
): DrumEvent[] {
  const events: DrumEvent[] = [];
  for (const [kind, steps] of Object.entries(pattern) as [DrumKind, string][]) {
    // Intros keep only the time-keeping voices so the groove builds up.
    if (options.intro && kind !== 'hat' && kind !== 'ride' && kind !== 'kick') continue;
    for (let step = 0; step < 16; step++) {
      const velocity = VELOCITY[steps[step] ?? '.'];
      if (velocity === undefined) continue;
      if (options.fill && step >= 12 && (kind === 'snare' || kind === 'clap')) continue;
      events.push({
        time: clock.time(bar, step),
        kind,
        velocity: velocity * randFloat(rng, 0.85, 1),
      });
    }
  }
  if (options.fill) {
    const fillKind: DrumKind = pattern.clap && !pattern.snare ? 'clap' : 'snare';
    for (let step = 12; step < 16; step++) {
      events.push({ time: clock.time(bar, step), kind: fillKind, velocity: 0.45 + step * 0.03 });
    }
  }
  if (options.crash) events.push({ time: clock.time(bar, 0), kind: 'crash', velocity: 0.8 });
  return events;
}

function chordPitches(keyRoot: number, chord: Chord, low: number): number[] {
  return chord.intervals
    .map((i) => placeAbove(keyRoot + chord.root + i, low))
    .sort((a, b) => a - b);
}

function bassEventsForBar(
  plan: SongPlan,
  clock: Clock,
  bar: number,
  chord: Chord,
  next: Chord,
  rng: Rng,
): NoteEvent[] {
  const root = placeAbove(plan.keyRoot + chord.root, plan.keyRoot - 2);
  const fifth = root + (chord.intervals[2] ?? 7);
  const third = root + (chord.intervals[1] ?? 4);
  const nextRoot = placeAbove(plan.keyRoot + next.root, plan.keyRoot - 2);
  const step = clock.stepSeconds;
  const note = (s: number, lengthSteps: number, midi: number, velocity = 0.9): NoteEvent => ({
    bus: 'bass',
    time: clock.time(bar, s),
    duration: lengthSteps * step * 0.9,
    midi,
    velocity,
    timbre: plan.bassTimbre,
  });
  switch (plan.bass) {
    case 'eighths':
      return [0, 2, 4, 6, 8, 10, 12, 14].map((s) =>
        note(s, 2, s === 14 && chance(rng, 0.3) ? root + 12 : root, s % 4 === 0 ? 0.95 : 0.75),
      );
    case 'rootFifth':
      return [0, 4, 8, 12].map((s) =>
        note(s, 3, s % 8 === 0 ? root : fifth - 12 >= 24 ? fifth - 12 : fifth),
      );
    case 'walking': {
      const approach = nextRoot + (chance(rng, 0.5) ? 1 : -1);
      return [
        note(0, 4, root),
        note(4, 4, chance(rng, 0.5) ? third : root + 2),
        note(8, 4, fifth),
        note(12, 4, approach),
      ];
    }
    case 'synco': {
      const kicks = plan.drums?.kick ?? 'x.....x...x.....';
      const hits = [...kicks].flatMap((c, i) => (c === '.' ? [] : [i]));
      return hits.map((s, i) => {
        const until = hits[i + 1] ?? 16;
        const midi = i === hits.length - 1 && chance(rng, 0.35) ? root + 12 : root;
        return note(s, Math.min(until - s, 6), midi);
      });
    }
    case 'sustain':
      return [note(0, 8, root), note(8, 8, chance(rng, 0.5) ? fifth : root)];
    case 'offbeat':
      return [2, 6, 10, 14].map((s) => note(s, 2, chance(rng, 0.25) ? root + 12 : root));
    case 'reggae':
      // The one-drop leaves beat one empty; the bass answers around it.
      return [
        note(2, 2, root),
        note(4, 3, root),
        note(7, 1, third),
        note(8, 2, fifth),
        note(11, 3, chance(rng, 0.5) ? root + 12 : fifth),
      ];
  }
}

function chordEventsForBar(plan: SongPlan, clock: Clock, bar: number, chord: Chord, rng: Rng) {
  const pitches = chordPitches(plan.keyRoot, chord, plan.keyRoot + 24);
  const step = clock.stepSeconds;
  const tim = plan.chordTimbre;
  const hit = (s: number, lengthSteps: number, velocity: number, spread = 0): NoteEvent[] =>
    pitches.map((midi, i) => ({
      bus: 'chords',
      time: clock.time(bar, s) + i * spread,
      duration: lengthSteps * step,
      midi,
      velocity,
      timbre: tim,
    }));
  switch (plan.chords) {
    case 'pad':
      return hit(0, 16, 0.55);
    case 'strum':
      // Down strums on the beat, lighter up strums in between, like a rhythm guitar.
      return [0, 4, 6, 10, 12, 14].flatMap((s) => hit(s, 2, s % 4 === 0 ? 0.6 : 0.4, 0.012));
    case 'stabs':
      return [0, 3, 6, 10, 13].flatMap((s) => hit(s, 2, 0.5));
    case 'skank':
      return [4, 12]
        .flatMap((s) => hit(s, 1.2, 0.6))
        .concat(chance(rng, 0.5) ? hit(14, 1, 0.35) : []);
    case 'comp': {
      const slots = [0, 3, 6, 8, 10, 11, 14].filter(() => chance(rng, 0.4));
      return (slots.length > 0 ? slots : [0, 10]).flatMap((s) => hit(s, 3, 0.5));
    }
    case 'arpeggio': {
      const ladder = [...pitches, ...pitches.map((p) => p + 12)];
      const sixteenths = plan.bpm < 100;
      const count = sixteenths ? 16 : 8;
      const stride = 16 / count;
      return Array.from({ length: count }, (_, i) => {
        const up = i % (ladder.length * 2 - 2);
        const index = up < ladder.length ? up : ladder.length * 2 - 2 - up;
        return {
          bus: 'chords' as const,
          time: clock.time(bar, i * stride),
          duration: stride * step * 1.6,
          midi: ladder[index]!,
          velocity: i % 4 === 0 ? 0.55 : 0.4,
          timbre: tim,
        };
      });
    }
  }
}

/** One phrase rhythm: [startStep, lengthSteps] over two bars (32 steps). */
function phraseRhythm(density: number, rng: Rng): [number, number][] {
  const cells: readonly (readonly [number, number][])[] =
    density < 1
      ? [[[0, 4]], [[0, 2]], [], [[0, 3]], [[0, 8]]]
      : density < 1.5
        ? [
            [[0, 4]],
            [
              [0, 2],
              [2, 2],
            ],
            [
              [0, 3],
              [3, 1],
            ],
            [[2, 2]],
            [[0, 6]],
            [],
          ]
        : [
            [
              [0, 2],
              [2, 2],
            ],
            [
              [0, 1],
              [1, 1],
              [2, 2],
            ],
            [
              [0, 3],
              [3, 1],
            ],
            [[0, 4]],
            [
              [1, 1],
              [2, 2],
            ],
          ];
  const notes: [number, number][] = [];
  for (let beat = 0; beat < 8; ) {
    const cell = pick(rng, cells);
    const span = Math.max(1, Math.ceil(Math.max(0, ...cell.map(([s, l]) => s + l)) / 4));
    for (const [s, l] of cell) {
      if (beat * 4 + s < 32) notes.push([beat * 4 + s, Math.min(l, 32 - beat * 4 - s)]);
    }
    beat += span;
  }
  // A phrase that ends on a held note sounds finished rather than cut off.
  const last = notes[notes.length - 1];
  if (last) last[1] = Math.max(last[1], Math.min(8, 32 - last[0]));
  return notes;
}

/** Melody pitches from a scale, walking stepwise and landing on chord tones on strong beats. */
function melodyEvents(
  plan: SongPlan,
  clock: Clock,
  firstBar: number,
  chords: readonly Chord[],
  octaveShift: number,
  rng: Rng,
): NoteEvent[] {
  // Between F#3 and C6 whatever the key: where a voice or a lead instrument would sing.
  const low = plan.keyRoot + 26 + octaveShift;
  const ladder: number[] = [];
  for (let m = low; m <= low + 19; m++) {
    if (plan.leadScale.includes((((m - plan.keyRoot) % 12) + 12) % 12)) ladder.push(m);
  }
  const events: NoteEvent[] = [];
  let index = Math.floor(ladder.length / 2);
  for (let pair = 0; pair * 2 < chords.length; pair++) {
    const rhythm = phraseRhythm(plan.density, rng);
    for (const [start, length] of rhythm) {
      const barInPhrase = pair * 2 + Math.floor(start / 16);
      const chord = chords[barInPhrase];
      if (!chord) continue;
      const strong = start % 8 === 0;
      if (strong) {
        index = nearestChordTone(ladder, index, plan.keyRoot, chord);
      } else {
        const move = pickWeighted(rng, [
          [-2, 1],
          [-1, 3],
          [1, 3],
          [2, 1],
          [0, 1],
        ] as const);
        // Drift back towards the middle so the line does not stick to an edge.
        const pull = index < 2 ? 1 : index > ladder.length - 3 ? -1 : 0;
        index = Math.min(ladder.length - 1, Math.max(0, index + move + pull));
      }
      events.push({
        bus: 'lead',
        time: clock.time(firstBar + barInPhrase, start % 16),
        duration: length * clock.stepSeconds * plan.legato,
        midi: ladder[index]!,
        velocity: strong ? 0.8 : 0.65,
        timbre: plan.leadTimbre,
      });
    }
  }
  return events;
}

function nearestChordTone(ladder: readonly number[], from: number, key: number, chord: Chord) {
  const tones = chord.intervals.map((i) => (key + chord.root + i) % 12);
  for (let d = 0; d < ladder.length; d++) {
    for (const candidate of [from - d, from + d]) {
      const midi = ladder[candidate];
      if (midi !== undefined && tones.includes(midi % 12)) return candidate;
    }
  }
  return from;
}

interface Score {
  notes: NoteEvent[];
  drums: DrumEvent[];
}

interface Section {
  kind: 'intro' | 'verse' | 'chorus';
  first: number;
  count: number;
}

/**
 * Splits the bars into sections. Short songs get a two-bar intro (or none) so the tune starts
 * early; longer ones a full section, then verses and choruses alternate.
 */
export function songForm(bars: number, sectionLength: number): Section[] {
  const introBars =
    bars >= 3 * sectionLength
      ? sectionLength
      : bars > sectionLength
        ? Math.min(2, sectionLength)
        : 0;
  const sections: Section[] = introBars > 0 ? [{ kind: 'intro', first: 0, count: introBars }] : [];
  const cycle = ['verse', 'chorus', 'verse', 'chorus', 'chorus'] as const;
  for (let first = introBars, i = 0; first < bars; first += sectionLength, i++) {
    sections.push({
      kind: cycle[i % cycle.length]!,
      first,
      count: Math.min(sectionLength, bars - first),
    });
  }
  return sections;
}

/**
 * Arranges the song: an intro without melody, then verses on the main progression and choruses
 * on the bridge progression (melodies are seeded per section kind, so a verse repeats its tune),
 * ending on a held tonic chord that rings into the fade-out.
 */
export function arrange(plan: SongPlan, durationSeconds: number, seed: number): Score {
  const clock = makeClock(plan.bpm, plan.swing);
  const endHold = Math.min(3, durationSeconds * 0.12);
  const bars = Math.max(1, Math.floor((durationSeconds - endHold) / clock.barSeconds));
  const sectionLength = plan.progression.length;
  const rng = mulberry32(deriveSeed(seed, 1));
  const notes: NoteEvent[] = [];
  const drums: DrumEvent[] = [];
  for (const { kind, first, count } of songForm(bars, sectionLength)) {
    const chords = kind === 'chorus' ? plan.bridge : plan.progression;
    for (let b = 0; b < count; b++) {
      const bar = first + b;
      const chord = chords[b]!;
      const next = chords[b + 1] ?? plan.progression[0]!;
      if (plan.drums) {
        const options = {
          intro: kind === 'intro',
          fill: b === count - 1,
          crash: b === 0 && first > 0,
        };
        drums.push(...drumEventsForBar(plan.drums, clock, bar, options, rng));
      }
      notes.push(...bassEventsForBar(plan, clock, bar, chord, next, rng));
      notes.push(...chordEventsForBar(plan, clock, bar, chord, rng));
    }
    if (kind !== 'intro') {
      const melodyRng = mulberry32(deriveSeed(seed, kind === 'verse' ? 2 : 3));
      const shift = kind === 'chorus' ? 5 : 0;
      notes.push(...melodyEvents(plan, clock, first, chords.slice(0, count), shift, melodyRng));
    }
  }
  const endTime = bars * clock.barSeconds;
  const hold = Math.max(0.5, durationSeconds - endTime - 0.4);
  const tonicRoot = placeAbove(plan.keyRoot, plan.keyRoot - 2);
  notes.push({
    bus: 'bass',
    time: endTime,
    duration: hold,
    midi: tonicRoot,
    velocity: 0.9,
    timbre: plan.bassTimbre,
  });
  for (const midi of chordPitches(plan.keyRoot, plan.tonic, plan.keyRoot + 24)) {
    notes.push({
      bus: 'chords',
      time: endTime,
      duration: hold,
      midi,
      velocity: 0.5,
      timbre: plan.chordTimbre,
    });
  }
  notes.push({
    bus: 'lead',
    time: endTime,
    duration: hold,
    midi: plan.keyRoot + 36,
    velocity: 0.6,
    timbre: plan.leadTimbre,
  });
  if (plan.drums) {
    drums.push(
      { time: endTime, kind: 'kick', velocity: 1 },
      { time: endTime, kind: 'crash', velocity: 0.9 },
    );
  }
  return { notes, drums };
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

const SINE_SIZE = 4096;
/** One extra entry so interpolation never wraps. A table is several times cheaper than Math.sin. */
const SINE = Float32Array.from({ length: SINE_SIZE + 1 }, (_, i) =>
  Math.sin((2 * Math.PI * i) / SINE_SIZE),
);

/** Sine of a phase measured in cycles (any real number). */
function sin1(phase: number): number {
  const p = (phase - Math.floor(phase)) * SINE_SIZE;
  const i = p | 0;
  const a = SINE[i]!;
  return a + (SINE[i + 1]! - a) * (p - i);
}

/** polyBLEP residual: smooths the discontinuity of naive saw/square to tame aliasing. */
function blep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

function saw(t: number, dt: number): number {
  return 2 * t - 1 - blep(t, dt);
}

function square(t: number, dt: number): number {
  const half = t + 0.5 >= 1 ? t - 0.5 : t + 0.5;
  return (t < 0.5 ? 1 : -1) + blep(t, dt) - blep(half, dt);
}

function lowpassCoefficient(cutoff: number, sampleRate: number): number {
  return 1 - Math.exp((-2 * Math.PI * Math.min(cutoff, sampleRate * 0.45)) / sampleRate);
}

/**
 * Buffers reused from note to note and song to song on a thread. Allocating typed arrays is
 * not free: their memory lives outside the JS heap, and every few megabytes of it make V8 run a
 * full garbage collection, which measurably slowed the MP3 encoder running after the synth on
 * the same thread. A song needs a handful of buffers; the pool keeps one per name.
 */
const scratchPool = new Map<string, Float32Array>();

/** A view of `length` floats from the named buffer, zeroed unless the caller overwrites it all. */
function scratch(name: string, length: number, zeroed: boolean): Float32Array {
  let buffer = scratchPool.get(name);
  if (!buffer || buffer.length < length) {
    buffer = new Float32Array(Math.ceil(length * 1.25));
    scratchPool.set(name, buffer);
  }
  const view = buffer.subarray(0, length);
  if (zeroed) view.fill(0);
  return view;
}

/** Frees the pooled buffers (several MB) once a thread is done synthesising. */
export function releaseSynthBuffers(): void {
  scratchPool.clear();
}

/** Linear attack, exponential decay to the sustain level, exponential release after the gate. */
function fillEnvelope(env: Float32Array, total: number, gate: number, tim: Timbre, rate: number) {
  const attack = Math.max(1, Math.round(tim.attack * rate));
  const decayMul = Math.exp(-1 / (tim.decay * rate));
  const releaseMul = Math.exp(-6 / Math.max(1, tim.release * rate));
  const sustain = tim.sustain;
  let decay = 1;
  let level = 0;
  for (let i = 0; i < total; i++) {
    if (i < attack) level = i / attack;
    else if (i < gate) {
      decay *= decayMul;
      level = sustain + (1 - sustain) * decay;
    } else level *= releaseMul;
    env[i] = level;
  }
}

interface OscillatorState {
  phase: number;
  phase2: number;
  dt: number;
  /** Ratio of the second (detuned) saw. */
  detune: number;
}

function fillOscillator(
  osc: Float32Array,
  env: Float32Array,
  total: number,
  tim: Timbre,
  s: OscillatorState,
) {
  const { dt, detune } = s;
  let phase = s.phase;
  let phase2 = s.phase2;
  switch (tim.wave) {
    case 'sine':
      for (let i = 0; i < total; i++) {
        osc[i] = sin1(phase);
        phase += dt;
      }
      break;
    case 'triangle':
      for (let i = 0; i < total; i++) {
        osc[i] = 4 * Math.abs(phase - 0.5) - 1;
        phase += dt;
        if (phase >= 1) phase -= 1;
      }
      break;
    case 'saw':
    case 'supersaw':
      if (detune === 1) {
        for (let i = 0; i < total; i++) {
          osc[i] = saw(phase, dt);
          phase += dt;
          if (phase >= 1) phase -= 1;
        }
      } else {
        const dt2 = dt * detune;
        for (let i = 0; i < total; i++) {
          osc[i] = 0.6 * (saw(phase, dt) + saw(phase2, dt2));
          phase += dt;
          if (phase >= 1) phase -= 1;
          phase2 += dt2;
          if (phase2 >= 1) phase2 -= 1;
        }
      }
      break;
    case 'square':
      for (let i = 0; i < total; i++) {
        osc[i] = square(phase, dt) * 0.7;
        phase += dt;
        if (phase >= 1) phase -= 1;
      }
      break;
    case 'fm': {
      // Modulation index follows the envelope: bright attack, mellow tail (electric piano, bell).
      const depth = tim.fmIndex / (2 * Math.PI);
      const modDt = dt * tim.fmRatio;
      let modPhase = 0;
      for (let i = 0; i < total; i++) {
        osc[i] = sin1(phase + depth * env[i]! * sin1(modPhase));
        phase += dt;
        modPhase += modDt;
      }
      break;
    }
    case 'organ':
      for (let i = 0; i < total; i++) {
        osc[i] =
          0.6 * sin1(phase) + 0.3 * sin1(2 * phase) + 0.2 * sin1(3 * phase) + 0.1 * sin1(4 * phase);
        phase += dt;
        if (phase >= 1) phase -= 1;
      }
      break;
    case 'pluck':
      throw new Error('plucks are rendered by renderPluck');
  }
}

/** Pitch vibrato, applied by resampling would be costly; instead it nudges the phase directly. */
function hasVibrato(tim: Timbre): boolean {
  return tim.vibrato > 0;
}

function fillVibratoOscillator(
  osc: Float32Array,
  total: number,
  tim: Timbre,
  s: OscillatorState,
  rate: number,
) {
  const attack = Math.round(tim.attack * rate);
  const lfoDt = 5.5 / rate;
  // 2^(x/12) ≈ 1 + x·ln2/12 for the fraction-of-a-semitone depths used here.
  const depth = (tim.vibrato * Math.LN2) / 12;
  let phase = s.phase;
  for (let i = 0; i < total; i++) {
    const wobble = i > attack ? 1 + depth * sin1(i * lfoDt) : 1;
    const dt = s.dt * wobble;
    osc[i] =
      tim.wave === 'saw'
        ? saw(phase, dt)
        : tim.wave === 'triangle'
          ? 4 * Math.abs(phase - 0.5) - 1
          : sin1(phase);
    phase += dt;
    if (phase >= 1) phase -= 1;
  }
}

/** Renders a tonal note with an ADSR envelope and a two-pole lowpass into `out`. */
function renderOscillatorNote(out: Float32Array, note: NoteEvent, sampleRate: number, rng: Rng) {
  const tim = note.timbre;
  const start = Math.round(note.time * sampleRate);
  const gate = Math.max(1, Math.round(note.duration * sampleRate));
  const total = Math.min(gate + Math.round(tim.release * sampleRate), out.length - start);
  if (total <= 0) return;
  // Rendering a note in separate tight passes (envelope, oscillator, filter) keeps each loop
  // monomorphic, which V8 runs several times faster than one loop switching on the waveform.
  const env = scratch('envelope', total, false);
  const osc = scratch('oscillator', total, false);
  fillEnvelope(env, total, gate, tim, sampleRate);
  const state: OscillatorState = {
    phase: rng(),
    phase2: rng(),
    dt: midiToHz(note.midi) / sampleRate,
    detune: 2 ** (tim.detune / 1200),
  };
  if (hasVibrato(tim)) fillVibratoOscillator(osc, total, tim, state, sampleRate);
  else fillOscillator(osc, env, total, tim, state);
  const gain = note.velocity * tim.gain * 0.25;
  if (tim.cutoff >= sampleRate * 0.45 && tim.filterEnv === 0) {
    for (let i = 0; i < total; i++) out[start + i]! += osc[i]! * env[i]! * gain;
    return;
  }
  let lp1 = 0;
  let lp2 = 0;
  let coefficient = lowpassCoefficient(tim.cutoff, sampleRate);
  for (let block = 0; block < total; block += 32) {
    // The filter follows the envelope; a new coefficient every 32 samples is smooth enough.
    if (tim.filterEnv > 0) {
      coefficient = lowpassCoefficient(tim.cutoff + tim.filterEnv * env[block]!, sampleRate);
    }
    const end = Math.min(total, block + 32);
    for (let i = block; i < end; i++) {
      lp1 += coefficient * (osc[i]! - lp1);
      lp2 += coefficient * (lp1 - lp2);
      out[start + i]! += lp2 * env[i]! * gain;
    }
  }
}

/** Karplus-Strong plucked string: a noise burst circulating in a damped, tuned delay line. */
function renderPluck(out: Float32Array, note: NoteEvent, sampleRate: number, rng: Rng) {
  const tim = note.timbre;
  const start = Math.round(note.time * sampleRate);
  const gate = Math.max(1, Math.round(note.duration * sampleRate));
  const release = Math.max(1, Math.round(tim.release * sampleRate));
  const total = Math.min(gate + release, Math.round(3 * sampleRate), out.length - start);
  if (total <= 0) return;
  // The averaging filter adds half a sample of delay, hence the -0.5.
  const period = sampleRate / midiToHz(note.midi) - 0.5;
  const size = Math.ceil(period) + 2;
  const line = scratch('string', size, false);
  const brightness = lowpassCoefficient(tim.cutoff * (0.5 + note.velocity * 0.5), sampleRate);
  let smooth = 0;
  for (let i = 0; i < size; i++) {
    smooth += brightness * (noise(rng) - smooth);
    line[i] = smooth;
  }
  const whole = Math.floor(period);
  const frac = period - whole;
  const releaseMul = Math.exp(-6 / release);
  const gain = note.velocity * tim.gain * 0.5;
  let write = 0;
  let previous = 0;
  let env = 1;
  for (let i = 0; i < total; i++) {
    let readA = write - whole;
    if (readA < 0) readA += size;
    let readB = readA - 1;
    if (readB < 0) readB += size;
    const value = line[readA]! * (1 - frac) + line[readB]! * frac;
    line[write] = tim.pluckDecay * 0.5 * (value + previous);
    previous = value;
    write = write + 1 === size ? 0 : write + 1;
    if (i > gate) env *= releaseMul; // lifting the finger damps the string
    out[start + i]! += value * env * gain;
  }
}

// Pre-rendered drum one-shots. Each takes the PRNG for its noise so a kit is reproducible.

function drumBuffer(
  name: DrumKind,
  sampleRate: number,
  seconds: number,
  fn: (t: number) => number,
): Float32Array {
  const buffer = scratch(`drum:${name}`, Math.round(seconds * sampleRate), false);
  for (let i = 0; i < buffer.length; i++) buffer[i] = fn(i / sampleRate);
  return buffer;
}

/** First-difference highpass; twice makes hats and cymbals hiss instead of roar. */
function highpassNoise(rng: Rng): () => number {
  let a = 0;
  let b = 0;
  return () => {
    const n = noise(rng);
    const d1 = n - a;
    a = n;
    const d2 = d1 - b;
    b = d1;
    return d2 * 0.5;
  };
}

/** Noise with its lows removed and its highs tamed: the body of a snare or a clap. */
function bandNoise(rng: Rng, sampleRate: number): () => number {
  const smooth = lowpassCoefficient(5000, sampleRate);
  let previous = 0;
  let low = 0;
  return () => {
    const n = noise(rng);
    const d = n - previous;
    previous = n;
    low += smooth * (d - low);
    return low;
  };
}

function makeKit(sampleRate: number, rng: Rng): Record<DrumKind, Float32Array> {
  const kickTune = randFloat(rng, 42, 55);
  const snareTune = randFloat(rng, 170, 230);
  let kickPhase = 0;
  const kick = drumBuffer('kick', sampleRate, 0.45, (t) => {
    kickPhase += (kickTune + 120 * Math.exp(-t / 0.03)) / sampleRate;
    const body = sin1(kickPhase) * Math.exp(-t / 0.17);
    return Math.tanh(1.6 * (body + 0.3 * noise(rng) * Math.exp(-t / 0.003)));
  });
  const snareHiss = bandNoise(rng, sampleRate);
  const snare = drumBuffer('snare', sampleRate, 0.3, (t) => {
    const tone = 0.5 * sin1(snareTune * t) * Math.exp(-t / 0.05);
    return tone + 0.9 * snareHiss() * Math.exp(-t / 0.11);
  });
  const clapHiss = bandNoise(rng, sampleRate);
  const clap = drumBuffer('clap', sampleRate, 0.3, (t) => {
    // Three quick bursts then a tail: hands do not all hit at once.
    const burst = t < 0.03 ? Math.exp(-((t % 0.01) / 0.003)) : Math.exp(-(t - 0.03) / 0.08);
    return clapHiss() * burst * 1.1;
  });
  const rim = drumBuffer('rim', sampleRate, 0.06, (t) => {
    return (0.6 * sin1(1700 * t) + 0.4 * sin1(820 * t)) * Math.exp(-t / 0.012);
  });
  const hatHiss = highpassNoise(rng);
  const hat = drumBuffer('hat', sampleRate, 0.1, (t) => 0.6 * hatHiss() * Math.exp(-t / 0.025));
  const openHiss = highpassNoise(rng);
  const openHat = drumBuffer(
    'openHat',
    sampleRate,
    0.4,
    (t) => 0.5 * openHiss() * Math.exp(-t / 0.15),
  );
  const rideHiss = highpassNoise(rng);
  const ride = drumBuffer('ride', sampleRate, 0.9, (t) => {
    // The metallic "ping" dies faster than the wash, or it would hum as a steady tone.
    const ping =
      (sin1(3120 * t) + 0.7 * sin1(4410 * t) + 0.5 * sin1(5230 * t)) * Math.exp(-t / 0.08);
    return (0.25 * rideHiss() + 0.08 * ping) * Math.exp(-t / 0.35);
  });
  const crashHiss = highpassNoise(rng);
  const crash = drumBuffer(
    'crash',
    sampleRate,
    1.6,
    (t) => 0.6 * crashHiss() * Math.exp(-t / 0.55),
  );
  return { kick, snare, clap, rim, hat, openHat, ride, crash };
}

const DRUM_GAIN: Record<DrumKind, number> = {
  kick: 1,
  snare: 0.7,
  clap: 0.6,
  rim: 0.35,
  hat: 0.16,
  openHat: 0.14,
  ride: 0.25,
  crash: 0.15,
};

function mixDrums(out: Float32Array, events: readonly DrumEvent[], sampleRate: number, rng: Rng) {
  const kit = makeKit(sampleRate, rng);
  for (const event of events) {
    const sample = kit[event.kind];
    const start = Math.round(event.time * sampleRate);
    const gain = event.velocity * DRUM_GAIN[event.kind];
    const n = Math.min(sample.length, out.length - start);
    for (let i = 0; i < n; i++) out[start + i]! += sample[i]! * gain;
  }
}

/** Feedback echo, used on the lead to give it space. */
function echo(buffer: Float32Array, delaySamples: number, feedback: number, mix: number) {
  const line = scratch('echo', delaySamples, true);
  let index = 0;
  for (let i = 0; i < buffer.length; i++) {
    const delayed = line[index]!;
    const dry = buffer[i]!;
    line[index] = dry + delayed * feedback;
    buffer[i] = dry + delayed * mix;
    index = index + 1 === delaySamples ? 0 : index + 1;
  }
}

/** A small Schroeder reverb (4 damped combs + 2 allpasses): cheap "room" for the mono mix. */
function reverb(input: Float32Array, sampleRate: number): Float32Array {
  const out = scratch('room', input.length, true);
  const combMs = [29.7, 37.1, 41.1, 43.7];
  for (const ms of combMs) {
    const length = Math.round((ms / 1000) * sampleRate);
    const line = scratch(`comb:${ms}`, length, true);
    let index = 0;
    let damp = 0;
    for (let i = 0; i < input.length; i++) {
      const delayed = line[index]!;
      damp += 0.35 * (delayed - damp);
      line[index] = input[i]! + damp * 0.8;
      out[i]! += delayed * 0.25;
      index = index + 1 === length ? 0 : index + 1;
    }
  }
  for (const ms of [5, 1.7]) {
    const length = Math.round((ms / 1000) * sampleRate);
    const line = scratch(`allpass:${ms}`, length, true);
    let index = 0;
    for (let i = 0; i < out.length; i++) {
      const delayed = line[index]!;
      const x = out[i]!;
      const y = delayed - 0.7 * x;
      line[index] = x + 0.7 * y;
      out[i] = y;
      index = index + 1 === length ? 0 : index + 1;
    }
  }
  return out;
}

// Balanced by ear-proxy: RMS of each stem and the spectrum of the mix (see generate.test.ts).
const BUS_GAIN: Record<Bus | 'drums', number> = { bass: 0.9, chords: 1.1, lead: 1.3, drums: 0.5 };

/** Loudness-normalises, soft-clips and fades the mix so every song plays at a similar level. */
function master(mix: Float32Array, sampleRate: number): void {
  let sumSquares = 0;
  for (let i = 0; i < mix.length; i++) sumSquares += mix[i]! * mix[i]!;
  const rms = Math.sqrt(sumSquares / Math.max(1, mix.length));
  const drive = rms > 0 ? 0.22 / rms : 1;
  let peak = 0;
  for (let i = 0; i < mix.length; i++) {
    const y = Math.tanh(mix[i]! * drive);
    mix[i] = y;
    peak = Math.max(peak, Math.abs(y));
  }
  const fadeIn = Math.round(0.01 * sampleRate);
  const fadeOut = Math.min(mix.length, Math.round(1.5 * sampleRate));
  const scale = peak > 0 ? 0.92 / peak : 1;
  for (let i = 0; i < mix.length; i++) {
    let g = scale;
    if (i < fadeIn) g *= i / fadeIn;
    const fromEnd = mix.length - 1 - i;
    if (fromEnd < fadeOut) g *= fromEnd / fadeOut;
    mix[i]! *= g;
  }
}

/**
 * The separately rendered parts of a song, before effects and mixing. They are views of pooled
 * scratch buffers: valid until the next song is rendered on this thread.
 */
interface Stems {
  bass: Float32Array;
  chords: Float32Array;
  lead: Float32Array;
  drums: Float32Array;
  bpm: number;
}

function renderStems(params: SynthParams, rng: Rng): Stems {
  const { sampleRate, durationSeconds } = params;
  const plan = planSong(params.genre, rng);
  const score = arrange(plan, durationSeconds, Math.floor(rng() * 2 ** 32));
  const length = Math.round(durationSeconds * sampleRate);
  const stems: Stems = {
    bass: scratch('bass', length, true),
    chords: scratch('chords', length, true),
    lead: scratch('lead', length, true),
    drums: scratch('drums', length, true),
    bpm: plan.bpm,
  };
  for (const note of score.notes) {
    const render = note.timbre.wave === 'pluck' ? renderPluck : renderOscillatorNote;
    render(stems[note.bus], note, sampleRate, rng);
  }
  mixDrums(stems.drums, score.drums, sampleRate, rng);
  return stems;
}

/** Echo on the lead, a shared room reverb for the melodic parts, then the bus balance. */
function mixStems(stems: Stems, sampleRate: number): Float32Array {
  const length = stems.bass.length;
  const beat = 60 / stems.bpm;
  echo(stems.lead, Math.round(beat * 0.75 * sampleRate), 0.35, 0.3);
  const send = scratch('send', length, false);
  for (let i = 0; i < length; i++) send[i] = stems.chords[i]! * 0.5 + stems.lead[i]! * 0.6;
  const room = reverb(send, sampleRate);
  const mix = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    mix[i] =
      stems.bass[i]! * BUS_GAIN.bass +
      stems.chords[i]! * BUS_GAIN.chords +
      stems.lead[i]! * BUS_GAIN.lead +
      stems.drums[i]! * BUS_GAIN.drums +
      room[i]! * 0.35;
  }
  master(mix, sampleRate);
  return mix;
}

/**
 * Synthesises one song as mono float PCM in [-1, 1], exactly durationSeconds long.
 * Everything random comes from `rng`, so the same params and seed give the same samples.
 */
export function synthesizeSong(params: SynthParams, rng: Rng): Float32Array {
  return mixStems(renderStems(params, rng), params.sampleRate);
}

/** Float PCM to 16-bit, clamped (the encoder wants Int16). */
export function toInt16(pcm: Float32Array): Int16Array {
  const out = new Int16Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) {
    const v = Math.max(-1, Math.min(1, pcm[i]!));
    out[i] = Math.round(v * 32767);
  }
  return out;
}
