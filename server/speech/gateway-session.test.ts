import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { instruction, NLS_STATUS, type NlsMessage } from '../../contract/nls';
import { GatewaySession, IDLE_TIMEOUT_MS } from './gateway-session';
import { RecognitionQueue } from './recognition-queue';
import type { Recogniser } from './recogniser';

const ids = {
  messageId: '0123456789abcdef0123456789abcdef',
  taskId: 'fedcba9876543210fedcba9876543210',
  appkey: 'edudesk-speech',
};

/** A recogniser whose recognitions run until the test finishes them. */
function held(): Recogniser & { calls: number; finish: (text: string) => void } {
  const pending: ((text: string) => void)[] = [];
  const recogniser = {
    calls: 0,
    supports: () => true,
    recognise: () =>
      new Promise<string>((resolve) => {
        recogniser.calls += 1;
        pending.push(resolve);
      }),
    finish: (text: string) => {
      pending.shift()?.(text);
    },
  };
  return recogniser;
}

function session(recogniser: Recogniser, queue: RecognitionQueue) {
  const sent: NlsMessage[] = [];
  const gateway = new GatewaySession(
    {
      send: (text) => sent.push(JSON.parse(text) as NlsMessage),
      close: () => undefined,
    },
    { userId: 1, language: 'en', phrases: ['notices'] },
    recogniser,
    ids.appkey,
    queue,
  );
  gateway.onText(instruction('StartTranscription', ids));
  gateway.onBinary(Buffer.alloc(3200));
  return { gateway, names: () => sent.map((message) => message.header.name), sent };
}

describe('the gateway session while it recognises', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not time the client out while its recognition runs or waits its turn', async () => {
    const recogniser = held();
    const queue = new RecognitionQueue({
      concurrent: 1,
      concurrentPerUser: 1,
      queued: 4,
      queuedPerUser: 4,
    });
    const first = session(recogniser, queue);
    const second = session(recogniser, queue);
    first.gateway.onText(instruction('StopTranscription', ids));
    second.gateway.onText(instruction('StopTranscription', ids));
    await vi.advanceTimersByTimeAsync(0);
    expect([queue.running, queue.waiting]).toEqual([1, 1]);
    // Long past the idle timeout: one recognition running, the other queued behind it.
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS * 3);
    expect(first.names()).toEqual(['TranscriptionStarted']);
    expect(second.names()).toEqual(['TranscriptionStarted']);
    recogniser.finish('open notices');
    await vi.advanceTimersByTimeAsync(0);
    expect(first.names().at(-1)).toBe('TranscriptionCompleted');
    expect(recogniser.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS * 3);
    recogniser.finish('');
    await vi.advanceTimersByTimeAsync(0);
    expect(second.names()).toEqual(['TranscriptionStarted', 'TranscriptionCompleted']);
  });

  it('still times out a client that goes quiet before it stops', async () => {
    const { names, sent } = session(
      held(),
      new RecognitionQueue({
        concurrent: 1,
        concurrentPerUser: 1,
        queued: 1,
        queuedPerUser: 1,
      }),
    );
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS);
    expect(names()).toEqual(['TranscriptionStarted', 'TaskFailed']);
    expect(sent.at(-1)?.header.status).toBe(NLS_STATUS.idleTimeout);
  });
});
