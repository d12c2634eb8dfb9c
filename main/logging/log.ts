import fs from 'node:fs';
import path from 'node:path';
import { redactFields, redactText } from './redact';

/**
 * The client's log, for school IT (docs/desktop-client.md, "Logs"): JSON lines
 * `{"time","level","msg",...fields}` in `<user data>/logs/main.log`, rotated by size into
 * main.1.log … main.<maxFiles-1>.log (the oldest is dropped). Every message and field goes
 * through redact.ts first, so no password, token or cookie is ever written. Writing never throws:
 * a full disk or a locked file loses the line, not the client.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** The folder holding the log files (the menu's "Open log folder"). */
  readonly dir: string;
}

/** The file system calls the log makes (node:fs by default; tests may pass their own). */
export interface LogFileSystem {
  mkdirSync(dir: string, options: { recursive: true }): unknown;
  statSync(file: string): { size: number };
  renameSync(from: string, to: string): void;
  rmSync(file: string, options: { force: true }): void;
  appendFileSync(file: string, data: string): void;
}

export interface LoggerOptions {
  dir: string;
  /** A file is rotated before it would grow past this many bytes (default 1 MB). */
  maxBytes?: number;
  /** Files kept, main.log included (default 5). */
  maxFiles?: number;
  /** Lines below this level are not written (default 'info'). */
  level?: LogLevel;
  now?: () => Date;
  fs?: LogFileSystem;
  /** Also shows each written line (development: the terminal). */
  echo?: (line: string) => void;
}

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];
/** The longest message kept; a flood of text is cut, not written whole. */
const MAX_MESSAGE = 2000;

export const LOG_FILE = 'main.log';

/** main.log, main.1.log, main.2.log … */
export function logFileName(index: number): string {
  return index === 0 ? LOG_FILE : `main.${String(index)}.log`;
}

/** One log line (with its newline), secrets removed. */
export function formatLogLine(
  time: Date,
  level: LogLevel,
  msg: string,
  fields: LogFields = {},
): string {
  const text = redactText(msg.length > MAX_MESSAGE ? `${msg.slice(0, MAX_MESSAGE)}…` : msg);
  const line: Record<string, unknown> = { time: time.toISOString(), level, msg: text };
  // A field cannot pass for the line's own members.
  for (const [key, value] of Object.entries(redactFields(fields))) {
    if (!Object.hasOwn(line, key)) line[key] = value;
  }
  return `${JSON.stringify(line)}\n`;
}

export function createLogger(options: LoggerOptions): Logger {
  const files = options.fs ?? fs;
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const maxFiles = Math.max(1, options.maxFiles ?? 5);
  const minimum = LEVELS.indexOf(options.level ?? 'info');
  const now = options.now ?? (() => new Date());
  const current = path.join(options.dir, LOG_FILE);
  let ready = false;

  function size(file: string): number {
    try {
      return files.statSync(file).size;
    } catch {
      return 0;
    }
  }

  function rotate(): void {
    files.rmSync(path.join(options.dir, logFileName(maxFiles - 1)), { force: true });
    for (let index = maxFiles - 2; index >= 0; index -= 1) {
      const from = path.join(options.dir, logFileName(index));
      try {
        files.renameSync(from, path.join(options.dir, logFileName(index + 1)));
      } catch {
        // Not there yet: nothing to move.
      }
    }
  }

  function write(level: LogLevel, msg: string, fields?: LogFields): void {
    if (LEVELS.indexOf(level) < minimum) return;
    const line = formatLogLine(now(), level, msg, fields);
    options.echo?.(line.trimEnd());
    try {
      if (!ready) {
        files.mkdirSync(options.dir, { recursive: true });
        ready = true;
      }
      const bytes = Buffer.byteLength(line);
      const existing = size(current);
      if (existing > 0 && existing + bytes > maxBytes) {
        if (maxFiles > 1) rotate();
        else files.rmSync(current, { force: true });
      }
      files.appendFileSync(current, line);
    } catch {
      // Logging must never stop the client.
    }
  }

  return {
    debug: (msg, fields) => {
      write('debug', msg, fields);
    },
    info: (msg, fields) => {
      write('info', msg, fields);
    },
    warn: (msg, fields) => {
      write('warn', msg, fields);
    },
    error: (msg, fields) => {
      write('error', msg, fields);
    },
    dir: options.dir,
  };
}
