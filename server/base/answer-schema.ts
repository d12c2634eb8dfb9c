import { Type, type TSchema } from '@sinclair/typebox';
import { envelopeSchema } from '../../contract/envelope-schema';

/**
 * The HTTP 200 answer of a desktop call: `data` on success, null on a business refusal (which
 * is HTTP 200 too, see refuse()). The schema also compiles the answer's serializer, so fields
 * outside the contract never leave the server.
 */
export function answerSchema<T extends TSchema>(data: T) {
  return {
    200: envelopeSchema(Type.Union([data, Type.Null()])),
    400: envelopeSchema(Type.Null()),
  };
}
