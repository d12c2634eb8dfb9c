import { ACCESS_TOKEN_COOKIE, HEADER_LANGUAGE } from './http-headers';
import { LANGUAGES } from './languages';
import { OPERATIONS, type Operation, type RequestEncoding } from './operations';

/**
 * The OpenAPI 3.1 description of contract/operations.ts: what the front end needs from a
 * platform back end. Generated into docs/openapi.json (scripts/openapi.ts) and served by the
 * reference server at OPENAPI_PATH. TypeBox schemas are JSON Schema 2020-12, as OpenAPI 3.1's
 * are, so they go in as they are; what a schema cannot say of the envelope is said in words.
 */

export const OPENAPI_PATH = '/api/openapi.json';
/** The version of the description; raise it when a call changes in a way a back end must follow. */
export const CONTRACT_VERSION = '1.0.0';

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const COMPONENT = '#/components/schemas/';

const MEDIA_TYPES: Record<RequestEncoding, string> = {
  form: 'application/x-www-form-urlencoded',
  json: 'application/json',
  multipart: 'multipart/form-data',
};

const DESCRIPTION = `What the EduDesk front end needs from a platform back end: every call it makes, generated
from the table of operations (contract/operations.ts). The conformance runner checks a back end
against it (docs/contract.md).

**The envelope.** Every answer of a call is a JSON object \`{status, message, data, code,
fieldErrors}\`. \`status\` 200 (and \`code\` "ok") is success, and \`data\` then has the schema of
the call. Any other \`status\` is a refusal, and a refusal may come **inside an HTTP 200 answer**:
the front end reads the envelope's \`status\`, not the HTTP status. Refusals of bad input answer
HTTP 400 with status 400, code \`invalid_request\` and one \`fieldErrors\` entry per wrong field;
a call that needs a session answers HTTP 401 with status 401 and code \`unauthorized\` without
one. The error codes each call can give are listed in its description and in
\`x-edudesk-errors\`.

**Bilingual messages.** \`message\` and each \`fieldErrors[].message\` may be bilingual: Chinese,
then \`|||\`, then English (\`登录已失效，请重新登录|||Your session has expired\`). The front end
shows the part of the user's language. The \`${HEADER_LANGUAGE}\` header (or the \`Sy-Language\`
query parameter on form posts and downloads) names the language: ${LANGUAGES.join(', ')}.

**Sessions.** A sign-in sets the session cookies (the reference server's are http-only,
\`${ACCESS_TOKEN_COOKIE}\` and \`SY_REFRESH_TOKEN\`); every later call sends them. A sign-in may
be refused with \`proof_of_work_required\` and an ALTCHA challenge in \`data\`: the client solves
it and repeats the sign-in with the solution in the \`sy-altcha\` header.

**Configurable paths.** The two multipart uploads go through the platform gateway's \`/zuul\`
prefix, as the spec lists them; the ticket exchange's path is configurable (spec §4). The speech
recognition gateway is a WebSocket and not described here (docs/voice.md).

**Writes.** \`x-edudesk-writes\` is true for a call that changes stored data.`;

/**
 * A schema as plain JSON (TypeBox's symbols dropped), with every schema that has an `$id` (a
 * recursive one) moved to components and referred to there.
 */
function plain(schema: unknown, components: Json): Json {
  const copy = JSON.parse(JSON.stringify(schema)) as Json;
  const hoist = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(hoist);
    if (!isJson(value)) return value;
    const out: Json = {};
    for (const [key, child] of Object.entries(value)) out[key] = hoist(child);
    if (typeof out.$ref === 'string' && !out.$ref.startsWith('#')) {
      out.$ref = `${COMPONENT}${out.$ref}`;
    }
    if (typeof out.$id === 'string') {
      const { $id, ...rest } = out;
      components[$id] = rest;
      return { $ref: `${COMPONENT}${$id}` };
    }
    return out;
  };
  return hoist(copy) as Json;
}

/** The parameters of an object schema (path or query), one per property. */
function parameters(schema: unknown, where: 'path' | 'query', components: Json): Json[] {
  const object = plain(schema, components);
  if (!isJson(object.properties)) return [];
  const required = Array.isArray(object.required) ? object.required : [];
  return Object.entries(object.properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    schema: property,
  }));
}

function requestBody(operation: Operation, components: Json): Json | undefined {
  const body = operation.body;
  if (!body) return undefined;
  const content: Json = {};
  for (const encoding of body.encodings) {
    const schema = plain(body.schema, components);
    if (encoding === 'multipart' && isJson(schema.properties)) {
      for (const field of body.files ?? []) {
        schema.properties[field] = { type: 'string', contentMediaType: 'application/octet-stream' };
      }
      schema.required = [
        ...(Array.isArray(schema.required) ? (schema.required as unknown[]) : []),
        ...(body.files ?? []),
      ];
    }
    content[MEDIA_TYPES[encoding]] = { schema };
  }
  return { required: true, content };
}

/** The envelope of a success: status 200 and the call's data. */
function successOf(data: Json): Json {
  return {
    type: 'object',
    required: ['status', 'message', 'data', 'code', 'fieldErrors'],
    properties: {
      status: { const: 200 },
      message: { type: 'string' },
      data,
      code: { type: 'string', description: '"ok"' },
      fieldErrors: { type: 'array', items: { $ref: `${COMPONENT}FieldError` } },
    },
  };
}

/** The envelope of a refusal: any status but 200, an error code, null or details in data. */
const REFUSAL: Json = {
  type: 'object',
  required: ['status', 'message', 'data', 'code', 'fieldErrors'],
  properties: {
    status: { type: 'integer', not: { const: 200 } },
    message: { type: 'string', description: 'May be bilingual: 中文|||English' },
    data: { description: 'null, or details of the refusal (a proof-of-work challenge)' },
    code: { type: 'string', description: 'The error code' },
    fieldErrors: { type: 'array', items: { $ref: `${COMPONENT}FieldError` } },
  },
};

function responses(operation: Operation, components: Json): Json {
  const refusal = { $ref: '#/components/responses/Refusal' };
  const out: Json = {};
  if (operation.answer.kind === 'envelope') {
    out['200'] = {
      description: 'The envelope: the data on success, or a refusal (status other than 200)',
      content: {
        'application/json': {
          schema: {
            oneOf: [
              successOf(plain(operation.answer.data, components)),
              { $ref: `${COMPONENT}Refusal` },
            ],
          },
        },
      },
    };
  } else {
    const content: Json = {};
    for (const type of operation.answer.mediaTypes) {
      content[type] = { schema: { type: 'string', contentMediaType: type } };
    }
    out['200'] = { description: 'The file', content };
  }
  out['400'] = { $ref: '#/components/responses/InvalidRequest' };
  if (operation.access === 'session') out['401'] = { $ref: '#/components/responses/Unauthorized' };
  out.default = refusal;
  return out;
}

function describe(operation: Operation): string {
  const lines = [
    operation.access === 'session' ? 'Needs a session.' : 'Needs no session.',
    operation.writes ? 'Changes stored data.' : 'Changes no stored data.',
  ];
  if (operation.errors.length > 0) {
    lines.push(`Error codes: ${operation.errors.map((code) => `\`${code}\``).join(', ')}.`);
  }
  return lines.join(' ');
}

/** The OpenAPI 3.1 document of every call of contract/operations.ts. */
export function buildOpenApi(): Json {
  const schemas: Json = {
    Refusal: REFUSAL,
    FieldError: {
      type: 'object',
      required: ['field', 'message'],
      properties: {
        field: { type: 'string' },
        message: { type: 'string', description: 'May be bilingual: 中文|||English' },
      },
    },
  };
  const envelopeOnly = {
    content: { 'application/json': { schema: { $ref: `${COMPONENT}Refusal` } } },
  };
  const paths: Record<string, Json> = {};
  for (const operation of OPERATIONS) {
    const item: Json = {
      operationId: operation.id,
      summary: operation.summary,
      description: describe(operation),
      tags: [operation.tag],
      parameters: [
        ...(operation.params ? parameters(operation.params, 'path', schemas) : []),
        ...(operation.query ? parameters(operation.query, 'query', schemas) : []),
        { $ref: '#/components/parameters/Language' },
      ],
      responses: responses(operation, schemas),
      'x-edudesk-writes': operation.writes,
      'x-edudesk-errors': operation.errors,
    };
    const body = requestBody(operation, schemas);
    if (body) item.requestBody = body;
    if (operation.access === 'session') item.security = [{ session: [] }];
    const entry = (paths[operation.path] ??= {});
    entry[operation.method.toLowerCase()] = item;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'EduDesk platform calls', version: CONTRACT_VERSION, description: DESCRIPTION },
    tags: [...new Set(OPERATIONS.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      parameters: {
        Language: {
          name: HEADER_LANGUAGE,
          in: 'header',
          required: false,
          description: 'The language of messages',
          schema: { type: 'string', enum: [...LANGUAGES] },
        },
      },
      responses: {
        InvalidRequest: {
          description:
            'Bad input: status 400, code invalid_request, one fieldErrors entry per field',
          ...envelopeOnly,
        },
        Unauthorized: {
          description: 'No valid session: status 401, code unauthorized',
          ...envelopeOnly,
        },
        Refusal: { description: 'A refusal in the envelope', ...envelopeOnly },
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: ACCESS_TOKEN_COOKIE },
      },
    },
  };
}
