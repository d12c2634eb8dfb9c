import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LangType } from '../../contract/languages';
import { NLS_SAMPLE_RATE } from '../../contract/nls';

/**
 * A speech recogniser behind the stand-in gateway: 16 kHz mono 16-bit PCM in, the transcript out
 * ('' when nothing was said). It never makes a transcript up: when it cannot recognise it
 * throws RecogniserUnavailable, which the gateway answers as TaskFailed.
 */
export interface Recogniser {
  /** Whether this recogniser can recognise the language at all (installed, model present). */
  supports(language: LangType): boolean;
  /** `phrases`: the commands expected (application names), a hint a recogniser may use. */
  recognise(pcm: Buffer, phrases: readonly string[], signal: AbortSignal): Promise<string>;
}

export class RecogniserUnavailable extends Error {}

/** Samples this close to zero are digital silence: no microphone's noise floor is that low. */
const DIGITAL_SILENCE = 2;
/** The silence kept before and after the voice once digital silence is trimmed. */
const KEPT_SILENCE_SAMPLES = Math.round(NLS_SAMPLE_RATE * 0.2);

/**
 * The 16-bit mono PCM without the digital silence at its ends but 0.2 s: a microphone that
 * gates its input (or a recording that starts before the voice) gives runs of exact zeros, and
 * pocketsphinx, whose features normalise over the utterance, hears phones in a second or more
 * of them (the grammar pass then found no command and the general model heard "poop" for
 * "open notices"). Empty when it is all silence.
 */
export function trimDigitalSilence(pcm: Buffer): Buffer {
  const samples = Math.floor(pcm.length / 2);
  const loud = (index: number) => Math.abs(pcm.readInt16LE(index * 2)) > DIGITAL_SILENCE;
  let first = 0;
  while (first < samples && !loud(first)) first += 1;
  if (first === samples) return pcm.subarray(0, 0);
  let last = samples - 1;
  while (last > first && !loud(last)) last -= 1;
  const start = Math.max(0, first - KEPT_SILENCE_SAMPLES);
  const end = Math.min(samples, last + 1 + KEPT_SILENCE_SAMPLES);
  return pcm.subarray(start * 2, end * 2);
}

/** No recogniser (the default without pocketsphinx): every language is unsupported. */
export const NO_RECOGNISER: Recogniser = {
  supports: () => false,
  recognise: () => Promise.reject(new RecogniserUnavailable('no speech recogniser')),
};

export interface PocketsphinxOptions {
  /** pocketsphinx_continuous (Debian package pocketsphinx). */
  binary: string;
  /** The US English acoustic model directory and dictionary (package pocketsphinx-en-us). */
  modelDir: string;
  dictionary: string;
  languageModel: string;
  /** Where grammars are written (a folder of the server's data directory). */
  workDir: string;
  timeoutMs: number;
}

export const DEBIAN_POCKETSPHINX: Omit<PocketsphinxOptions, 'workDir'> = {
  binary: '/usr/bin/pocketsphinx_continuous',
  modelDir: '/usr/share/pocketsphinx/model/en-us/en-us',
  dictionary: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
  languageModel: '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
  timeoutMs: 15_000,
};

/** One garbage "word" per English phone: the rule that catches commands naming no application. */
const PHONES =
  'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(
    ' ',
  );
const GARBAGE_PREFIX = 'garbage_';
/** Verbs and fillers a command may use around an application's name. */
const VERBS = ['open', 'go to', 'enter', 'launch', 'start', 'show'];
const FILLERS = ['my', 'the'];
/**
 * Word insertion penalty: a garbage phone is a word, so a long phone string costs more than a
 * name of one to three words (tuned on espeak-ng commands, see docs/voice.md).
 */
const WORD_INSERTION_PENALTY = '1e-3';
/** The grammar's weight against the acoustic score (tuned with the penalty above). */
const GRAMMAR_LANGUAGE_WEIGHT = '10';

/** Garbage phones at either end of an utterance that count as noise, not speech. */
const MAX_NOISE_PHONES = 2;

function isGarbage(word: string): boolean {
  return word.startsWith(GARBAGE_PREFIX);
}

export function trimNoise(words: readonly string[]): string[] {
  let start = 0;
  while (start < words.length && start < MAX_NOISE_PHONES && isGarbage(words[start] ?? '')) {
    start += 1;
  }
  let end = words.length;
  while (end > start && words.length - end < MAX_NOISE_PHONES && isGarbage(words[end - 1] ?? '')) {
    end -= 1;
  }
  return words.slice(start, end);
}

/**
 * The command the grammar pass heard, from pocketsphinx's output (one line per utterance: it
 * splits at pauses); '' when it heard nothing at all; null when it heard speech that is not a
 * command, which the general model then transcribes. A click or a breath next to the command
 * comes out as a phone or two of garbage at an utterance's ends: noise, trimmed. An utterance
 * with more garbage is speech that is not a command, and it vetoes the others: a fragment of it
 * cut off by a pause can match a command by itself (a loaded CI machine heard "open notices" in
 * "what is the weather"). A real command in pieces still reaches the application: the general
 * model's transcript is looked up like any other.
 */
export function grammarCommand(heard: string): string | null {
  const utterances = heard
    .split('\n')
    .map((line) => line.split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0);
  if (utterances.length === 0) return '';
  const speech = utterances.map(trimNoise).filter((words) => words.length > 0);
  if (speech.length === 0 || speech.some((words) => words.some(isGarbage))) return null;
  return speech.map((words) => words.join(' ')).join(' ');
}

function wordsOf(phrase: string): string[] {
  return phrase
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(' ')
    .filter(Boolean);
}

/**
 * pocketsphinx with a JSGF grammar of the unit's English application names plus a garbage rule
 * of phones; a command the garbage wins is then transcribed with the general language model, so
 * the user sees what was heard and the lookup finds no application ('Oops'). English only: there
 * is no offline Mandarin model in Debian (TOOLCHAIN.md).
 */
export class PocketsphinxRecogniser implements Recogniser {
  private dictionary: Map<string, string[]> | null = null;
  private readonly installed: boolean;

  constructor(private readonly options: PocketsphinxOptions) {
    this.installed = [options.binary, options.modelDir, options.dictionary].every((file) =>
      fs.existsSync(file),
    );
  }

  supports(language: LangType): boolean {
    return this.installed && language === 'en';
  }

  async recognise(pcm: Buffer, phrases: readonly string[], signal: AbortSignal): Promise<string> {
    if (!this.installed) throw new RecogniserUnavailable('pocketsphinx is not installed');
    const voice = trimDigitalSilence(pcm);
    if (voice.length === 0) return '';
    const grammar = this.grammarFor(phrases);
    const command = grammar
      ? grammarCommand(
          await this.run(
            voice,
            [
              '-jsgf',
              grammar.jsgf,
              '-dict',
              grammar.dict,
              '-lw',
              GRAMMAR_LANGUAGE_WEIGHT,
              '-wip',
              WORD_INSERTION_PENALTY,
            ],
            signal,
          ),
        )
      : null;
    if (command !== null) return command;
    // Not a command of the grammar: say what was heard with the general model.
    return this.run(
      voice,
      ['-lm', this.options.languageModel, '-dict', this.options.dictionary],
      signal,
    );
  }

  private loadDictionary(): Map<string, string[]> {
    if (this.dictionary) return this.dictionary;
    const entries = new Map<string, string[]>();
    for (const line of fs.readFileSync(this.options.dictionary, 'utf8').split('\n')) {
      const space = line.indexOf(' ');
      if (space <= 0) continue;
      const word = line.slice(0, space).replace(/\(\d+\)$/, '');
      const list = entries.get(word) ?? [];
      list.push(line.slice(space + 1).trim());
      entries.set(word, list);
    }
    this.dictionary = entries;
    return entries;
  }

  /** Writes (once per set of names) the grammar and its small dictionary; null when no name fits. */
  private grammarFor(phrases: readonly string[]): { jsgf: string; dict: string } | null {
    const dictionary = this.loadDictionary();
    const known = (phrase: string) => {
      const words = wordsOf(phrase);
      return words.length > 0 && words.every((word) => dictionary.has(word));
    };
    const names = [...new Set(phrases.map((phrase) => wordsOf(phrase).join(' ')))]
      .filter(known)
      .sort();
    if (names.length === 0) return null;
    const words = new Set([...names, ...VERBS, ...FILLERS].flatMap(wordsOf));
    const dictText = [
      ...[...words]
        .sort()
        .flatMap((word) =>
          (dictionary.get(word) ?? []).map(
            (pronunciation, index) =>
              `${index === 0 ? word : `${word}(${String(index + 1)})`} ${pronunciation}`,
          ),
        ),
      ...PHONES.map((phone) => `${GARBAGE_PREFIX}${phone.toLowerCase()} ${phone}`),
    ].join('\n');
    const jsgf = [
      '#JSGF V1.0;',
      'grammar command;',
      'public <command> = <app> | <verb> [<filler>] <app> | <garbage>;',
      `<verb> = ${VERBS.join(' | ')};`,
      `<filler> = ${FILLERS.join(' | ')};`,
      `<app> = ${names.join(' | ')};`,
      '<garbage> = <phone>+;',
      `<phone> = ${PHONES.map((phone) => GARBAGE_PREFIX + phone.toLowerCase()).join(' | ')};`,
      '',
    ].join('\n');
    const id = createHash('sha256').update(jsgf).update(dictText).digest('hex').slice(0, 16);
    fs.mkdirSync(this.options.workDir, { recursive: true });
    const files = {
      jsgf: path.join(this.options.workDir, `${id}.gram`),
      dict: path.join(this.options.workDir, `${id}.dict`),
    };
    if (!fs.existsSync(files.jsgf) || !fs.existsSync(files.dict)) {
      fs.writeFileSync(files.dict, `${dictText}\n`);
      fs.writeFileSync(files.jsgf, jsgf);
    }
    return files;
  }

  /** Runs pocketsphinx on the audio, piped through stdin: the audio never touches the disk. */
  private run(pcm: Buffer, model: string[], signal: AbortSignal): Promise<string> {
    const { binary, modelDir, timeoutMs } = this.options;
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(new RecogniserUnavailable('aborted'));
        return;
      }
      // Node gives a child a socket, not a pipe, as stdin; pocketsphinx opens /dev/stdin as a
      // file, which a socket cannot be: `cat` turns it into a pipe. Its own process group, so
      // a timeout or an abort kills both.
      const child = spawn(
        '/bin/sh',
        [
          '-c',
          'cat | "$0" "$@"',
          binary,
          '-infile',
          '/dev/stdin',
          '-hmm',
          modelDir,
          ...model,
          '-logfn',
          '/dev/null',
        ],
        { stdio: ['pipe', 'pipe', 'ignore'], detached: true },
      );
      let output = '';
      const stop = () => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      };
      const timer = setTimeout(stop, timeoutMs);
      signal.addEventListener('abort', stop, { once: true });
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        if (output.length < 10_000) output += chunk;
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new RecogniserUnavailable(error.message));
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
        if (code !== 0) {
          reject(new RecogniserUnavailable(`pocketsphinx exited with ${String(code)}`));
          return;
        }
        resolve(
          output
            .split('\n')
            .map((line) => line.replace(/\s+/g, ' ').trim())
            .filter(Boolean)
            .join('\n'),
        );
      });
      child.stdin.on('error', () => undefined);
      child.stdin.end(pcm);
    });
  }
}
