// @vitest-environment node
import { AxiosError, CanceledError } from 'axios';
import { describe, expect, it } from 'vitest';
import { classifyClientError } from './client';

describe('classifyClientError', () => {
  it.each([
    ['a cancellation', new CanceledError(), 'aborted'],
    ['ERR_CANCELED', new AxiosError('canceled', 'ERR_CANCELED'), 'aborted'],
    ['a browser abort', new AxiosError('Request aborted', 'ECONNABORTED'), 'aborted'],
    ['ETIMEDOUT', new AxiosError('timeout of 5ms exceeded', 'ETIMEDOUT'), 'timeout'],
    ['ECONNABORTED timeout', new AxiosError('timeout of 5ms exceeded', 'ECONNABORTED'), 'timeout'],
    ['ERR_NETWORK', new AxiosError('Network Error', 'ERR_NETWORK'), 'network'],
    ['ECONNREFUSED', new AxiosError('connect ECONNREFUSED', 'ECONNREFUSED'), 'network'],
    ['anything else', new Error('odd'), 'network'],
  ])('%s is %s', (_name, error, kind) => {
    expect(classifyClientError(error)).toBe(kind);
  });
});
