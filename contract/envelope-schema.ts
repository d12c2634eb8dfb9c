import { Type, type TSchema } from '@sinclair/typebox';

/**
 * The TypeBox schemas of the platform envelope (contract/envelope.ts). Kept apart from the
 * envelope helpers so that the web build does not carry the schema library.
 */
export const FieldErrorSchema = Type.Object({
  field: Type.String(),
  message: Type.String(),
});

/** The schema of an envelope around `data`. */
export function envelopeSchema<T extends TSchema>(data: T) {
  return Type.Object({
    status: Type.Integer(),
    message: Type.String(),
    data,
    code: Type.String(),
    fieldErrors: Type.Array(FieldErrorSchema),
  });
}
