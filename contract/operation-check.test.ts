import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { createAnswerChecker } from './operation-check';
import { findOperation, type Operation } from './operations';

const call: Operation = {
  id: 'sample',
  method: 'GET',
  path: '/api/sample',
  summary: 'A sample',
  tag: 'base',
  access: 'session',
  answer: {
    kind: 'envelope',
    data: Type.Object({
      id: Type.String(),
      count: Type.Integer(),
      list: Type.Array(Type.Object({ n: Type.Integer() })),
    }),
  },
  errors: [],
  writes: false,
};

function answer(data: unknown, status = 200) {
  return { status, message: '', data, code: status === 200 ? 'ok' : 'x', fieldErrors: [] };
}

describe('the answer checker', () => {
  it('accepts what the schema says, in both modes', () => {
    const data = { id: '7', count: 2, list: [{ n: 1 }] };
    expect(createAnswerChecker('strict').envelope(call, answer(data))).toEqual([]);
    expect(createAnswerChecker('lenient').envelope(call, answer(data))).toEqual([]);
  });

  it('names the field that differs', () => {
    const problems = createAnswerChecker('strict').envelope(
      call,
      answer({ id: '7', count: 2, list: [{ n: 'x' }] }),
    );
    expect(problems.map((problem) => problem.field)).toEqual(['data.list[0].n']);
  });

  it("accepts in lenient mode what the front end's readers accept, not in strict mode", () => {
    const loose = answer({ id: 7, count: '2', list: [], extra: true });
    expect(createAnswerChecker('lenient').envelope(call, loose)).toEqual([]);
    expect(
      createAnswerChecker('strict')
        .envelope(call, loose)
        .map((problem) => problem.field)
        .sort(),
    ).toEqual(['data.count', 'data.extra', 'data.id']);
  });

  it('checks the envelope of a refusal but not its data', () => {
    const checker = createAnswerChecker('strict');
    expect(checker.envelope(call, answer({ anything: 1 }, 403))).toEqual([]);
    expect(checker.envelope(call, { status: 403, message: 'x' }).map((p) => p.field)).toEqual([
      'answer.data',
      'answer.code',
      'answer.fieldErrors',
    ]);
  });
});

describe('findOperation', () => {
  it('prefers a literal path to a template', () => {
    expect(findOperation('POST', '/api/uaa/social/bind')?.id).toBe('socialBind');
    expect(findOperation('POST', '/api/uaa/social/weixin')?.id).toBe('socialLogin');
    expect(findOperation('GET', '/api/base/nl/base_package_versions')?.id).toBe('serverVersion');
    expect(findOperation('GET', '/api/uaa/social/weixin')).toBeUndefined();
  });
});
