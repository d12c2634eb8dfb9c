import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { SUCCESS_STATUS } from './envelope';
import type { Operation } from './operations';

/**
 * Checks an answer of a call against contract/operations.ts: the envelope, and on success the
 * data's schema. Used by the reference server's tests (server/testing/contract-answers.ts) and
 * by the conformance runner (scripts/conformance/). Not for the web build (it carries Ajv).
 */

/** A field of an answer that is not what the contract says. */
export interface AnswerProblem {
  /** Where, as `data.list[0].id` (`` for the whole answer). */
  field: string;
  message: string;
}

/**
 * `strict`: the reference server's exact shapes (no field outside the schema, every type as
 * written). `lenient`: what the front end's readers accept (renderer/core/wire.ts): a text as a
 * number, a number or an id as a decimal text, and fields the schema does not name.
 */
export type CheckMode = 'strict' | 'lenient';

type JsonSchema = Record<string, unknown>;

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const NUMERIC_TEXT = { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' };

/** A copy of a schema loosened or tightened for a mode (see CheckMode). */
export function schemaForMode(schema: unknown, mode: CheckMode): unknown {
  if (Array.isArray(schema)) return schema.map((item) => schemaForMode(item, mode));
  if (!isSchema(schema)) return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    // Literal values (const, enum, default, examples) are data, not schemas.
    copy[key] = ['const', 'enum', 'default', 'examples'].includes(key)
      ? value
      : schemaForMode(value, mode);
  }
  if (mode === 'strict') {
    if (isSchema(copy.properties) && copy.additionalProperties === undefined) {
      copy.additionalProperties = false;
    }
    return copy;
  }
  if (copy.type === 'string' && copy.const === undefined && copy.enum === undefined) {
    return { anyOf: [copy, { type: 'number' }] };
  }
  if (copy.type === 'integer' || copy.type === 'number') {
    return { anyOf: [copy, NUMERIC_TEXT] };
  }
  return copy;
}

const ENVELOPE = {
  type: 'object',
  required: ['status', 'message', 'data', 'code', 'fieldErrors'],
  properties: {
    status: { type: 'integer' },
    message: { type: 'string' },
    code: { type: 'string' },
    fieldErrors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

/** `/list/0/id` as `data.list[0].id`. */
function fieldName(prefix: string, pointer: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce(
    (name, part) => (/^[0-9]+$/.test(part) ? `${name}[${part}]` : `${name}.${part}`),
    prefix,
  );
}

function problemsOf(validate: ValidateFunction, value: unknown, prefix: string): AnswerProblem[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => {
    const missing =
      error.keyword === 'required' && typeof error.params.missingProperty === 'string'
        ? `.${error.params.missingProperty}`
        : '';
    const extra =
      error.keyword === 'additionalProperties' &&
      typeof error.params.additionalProperty === 'string'
        ? `.${error.params.additionalProperty}`
        : '';
    return {
      field: fieldName(prefix, error.instancePath) + missing + extra,
      message: error.message ?? error.keyword,
    };
  });
}

export interface AnswerChecker {
  /** The problems of an envelope answer of `operation` ([] when it is right). */
  envelope: (operation: Operation, body: unknown) => AnswerProblem[];
}

export function createAnswerChecker(mode: CheckMode): AnswerChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const envelope = ajv.compile(ENVELOPE);
  const data = new Map<string, ValidateFunction>();
  function dataValidator(operation: Operation): ValidateFunction | undefined {
    if (operation.answer.kind !== 'envelope') return undefined;
    let validate = data.get(operation.id);
    if (!validate) {
      // A fresh instance per schema: schemas that share a recursive $id do not collide.
      const own = new Ajv2020({ strict: false, allErrors: true });
      validate = own.compile(schemaForMode(operation.answer.data, mode) as JsonSchema);
      data.set(operation.id, validate);
    }
    return validate;
  }
  return {
    envelope(operation, body) {
      const problems = problemsOf(envelope, body, 'answer');
      if (problems.length > 0) return problems;
      const answer = body as { status: number; data: unknown };
      if (answer.status !== SUCCESS_STATUS) return [];
      const validate = dataValidator(operation);
      return validate ? problemsOf(validate, answer.data, 'data') : [];
    },
  };
}
