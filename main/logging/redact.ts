/**
 * Removes secrets from what the client writes to its log (log.ts): passwords, tokens, cookies,
 * authorization headers and other secrets, both as named fields and inside free text (a URL's
 * query, `password=...`, `Bearer ...`, a Cookie header). Pure; the log calls it on every line.
 */
export const REDACTED = '[redacted]';

/** Names whose value is a secret: a field, a query parameter, `name=value` or `name: value`. */
const SECRET_NAME =
  /pass(?:word|wd|phrase)?$|^pwd$|token|secret|cookie|authori[sz]ation|credential|api[-_]?key|session[-_]?id|^sid$|^ticket$|^sig(?:nature)?$/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** The words of SECRET_NAME as they appear inside longer names in free text. */
const SECRET_WORD =
  'pass(?:word|wd|phrase)?|pwd|[\\w-]*token|secret|cookie|authori[sz]ation|credentials?|api[-_]?key|session[-_]?id';

const quoted = (_match: string, name: string, value: string) => {
  const quote = value.startsWith('"') || value.startsWith("'") ? value.charAt(0) : '';
  return `${name}${quote}${REDACTED}${quote}`;
};

const TEXT_RULES: readonly [RegExp, string | typeof quoted][] = [
  // Header lines: everything after the name, to the end of the line.
  [/\b((?:set-)?cookie|(?:proxy-)?authori[sz]ation)(\s*[:=]\s*)[^\r\n]*/gi, `$1$2${REDACTED}`],
  // Schemes with a credential after them.
  [/\b(Bearer)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  // Base64 after these words, not an ordinary word ("basic authentication"): it has a digit, a
  // + or /, or a capital inside.
  [
    /\b([Bb]asic|BASIC|NTLM|[Nn]egotiate)\s+(?=[A-Za-z0-9+/]*?(?:[0-9+/]|[a-z][A-Z]))[A-Za-z0-9+/]{8,}={0,2}/g,
    `$1 ${REDACTED}`,
  ],
  // JSON Web Tokens wherever they appear.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, REDACTED],
  // A URL's user:password@.
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+:[^\s/@]*@/gi, `$1${REDACTED}@`],
  // name=value, name: value, "name": "value" (and URL query parameters: ?access_token=...).
  [
    new RegExp(
      `((?:\\b|_)(?:[\\w-]*?)(?:${SECRET_WORD})[\\w-]*["']?\\s*[=:]\\s*)("[^"]*"|'[^']*'|[^\\s&;,#"'}]+)`,
      'gi',
    ),
    quoted,
  ],
  // Short query names that are secrets only in a URL (?code=, &sig=, &ticket=).
  [/([?&](?:code|ticket|sig|signature|sid|key)=)[^\s&#"']+/gi, `$1${REDACTED}`],
];

/** Free text with every secret it shows replaced by [redacted]. */
export function redactText(text: string): string {
  let result = text;
  for (const [pattern, replacement] of TEXT_RULES) {
    result =
      typeof replacement === 'string'
        ? result.replace(pattern, replacement)
        : result.replace(pattern, replacement);
  }
  return result;
}

const MAX_DEPTH = 5;

/**
 * A log field's value made safe to write: secret-named members become [redacted], texts are
 * redacted, errors become { name, message, stack }, and deep or cyclic values are cut.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? typeof value : value;
  }
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (value instanceof Error) {
    return {
      name: value.name,
      message: redactText(value.message),
      ...(value.stack === undefined ? {} : { stack: redactText(value.stack) }),
    };
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    result[key] = isSecretName(key) ? REDACTED : redactValue(member, depth + 1);
  }
  return result;
}

/** A record of fields made safe to write (see redactValue). */
export function redactFields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return redactValue(fields) as Record<string, unknown>;
}
