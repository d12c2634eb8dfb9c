import { describe, expect, it } from 'vitest';
import { UPLOAD_STATES, isActive, transition, type UploadEvent } from './upload-machine';

const EVENTS: UploadEvent[] = [
  'start',
  'hashed',
  'found',
  'missing',
  'sent',
  'chunks-sent',
  'merged',
  'pause',
  'resume',
  'fail',
  'retry',
  'cancel',
  'file',
];

function run(events: UploadEvent[]) {
  let state = 'queued' as ReturnType<typeof transition>;
  for (const event of events) {
    if (state === null) return null;
    state = transition(state, event);
  }
  return state;
}

describe('the upload state machine', () => {
  it('follows the flow of spec §4 to done', () => {
    expect(run(['start', 'hashed', 'found'])).toBe('done');
    expect(run(['start', 'hashed', 'missing', 'sent'])).toBe('done');
    expect(run(['start', 'hashed', 'missing', 'chunks-sent', 'merged'])).toBe('done');
  });

  it('pauses from every active state and resumes through the queue', () => {
    for (const path of [[], ['start'], ['start', 'hashed'], ['start', 'hashed', 'missing']]) {
      const events = path as UploadEvent[];
      expect(run([...events, 'pause']), events.join()).toBe('paused');
      expect(run([...events, 'pause', 'resume']), events.join()).toBe('queued');
    }
    expect(run(['start', 'hashed', 'missing', 'chunks-sent', 'pause'])).toBe('paused');
  });

  it('fails only while working, retries from error, cancels anything unfinished', () => {
    expect(transition('queued', 'fail')).toBeNull();
    expect(run(['start', 'fail', 'retry'])).toBe('queued');
    expect(transition('paused', 'cancel')).toBe('cancelled');
    expect(transition('error', 'cancel')).toBe('cancelled');
    expect(transition('needs-file', 'cancel')).toBe('cancelled');
    expect(transition('needs-file', 'file')).toBe('queued');
  });

  it('allows nothing once done or cancelled, and ignores events out of place', () => {
    for (const event of EVENTS) {
      expect(transition('done', event)).toBeNull();
      expect(transition('cancelled', event)).toBeNull();
    }
    expect(transition('queued', 'merged')).toBeNull();
    expect(transition('paused', 'start')).toBeNull();
    expect(transition('hashing', 'resume')).toBeNull();
    expect(transition('needs-file', 'start')).toBeNull();
  });

  it('every state can reach an end, so no upload is stuck for good', () => {
    for (const state of UPLOAD_STATES) {
      const ends = EVENTS.map((event) => transition(state, event));
      const terminal = state === 'done' || state === 'cancelled';
      expect(terminal || ends.includes('cancelled'), state).toBe(true);
    }
    expect(UPLOAD_STATES.filter(isActive)).toEqual(['hashing', 'checking', 'uploading', 'merging']);
  });
});
