import { describe, expect, it } from 'vitest';
import { toDollarParameters } from './postgres-sql';

/**
 * The repositories' `?` and `@name` parameters in PostgreSQL's `$n` form
 * (server/db/postgres-sql.ts): what the translation reads, and what it refuses rather than get
 * wrong. A pure function: no database.
 */
describe('toDollarParameters', () => {
  it.each([
    [
      'positional parameters, in order',
      'SELECT a FROM t WHERE b = ? AND c > ?',
      'SELECT a FROM t WHERE b = $1 AND c > $2',
      [],
    ],
    [
      'named parameters, one $n per name',
      'UPDATE t SET a = @a, b = @b WHERE a <> @a',
      'UPDATE t SET a = $1, b = $2 WHERE a <> $1',
      ['a', 'b'],
    ],
    [
      'a ? and an @ in quoted text',
      "SELECT 'why? a@b.cn' AS q, ? AS p",
      "SELECT 'why? a@b.cn' AS q, $1 AS p",
      [],
    ],
    ["quoted text with '' inside", "SELECT 'it''s ? @x' || ?", "SELECT 'it''s ? @x' || $1", []],
    ['text that ends the statement', "SELECT ? WHERE b = ''", "SELECT $1 WHERE b = ''", []],
    [
      'quoted identifiers, "" inside',
      'SELECT "a?""b" FROM t WHERE "@c" = @c',
      'SELECT "a?""b" FROM t WHERE "@c" = $1',
      ['c'],
    ],
    [
      '-- comments',
      'SELECT a -- why? @b\nFROM t WHERE b = ? -- last?',
      'SELECT a -- why? @b\nFROM t WHERE b = $1 -- last?',
      [],
    ],
    ['casts', 'SELECT ?::bigint, CAST(? AS TEXT)', 'SELECT $1::bigint, CAST($2 AS TEXT)', []],
    [
      'casts of named parameters',
      'WHERE id = @id::bigint AND n = @n::int',
      'WHERE id = $1::bigint AND n = $2::int',
      ['id', 'n'],
    ],
    ['a parameter then ||', "SELECT ?||'x'", "SELECT $1||'x'", []],
    [
      'parameters after keywords',
      'SELECT ? FROM t WHERE ? LIMIT ? OFFSET ?',
      'SELECT $1 FROM t WHERE $2 LIMIT $3 OFFSET $4',
      [],
    ],
    [
      'CASE, IN, IS DISTINCT FROM',
      'SELECT CASE WHEN ? THEN ? ELSE ? END FROM t WHERE a IN (?, ?) AND b IS DISTINCT FROM ?',
      'SELECT CASE WHEN $1 THEN $2 ELSE $3 END FROM t WHERE a IN ($4, $5) AND b IS DISTINCT FROM $6',
      [],
    ],
    [
      'jsonb @> and <@ with a parameter',
      'WHERE data @> ? AND ? <@ data',
      'WHERE data @> $1 AND $2 <@ data',
      [],
    ],
    ['no parameters', 'SELECT COUNT(*) AS n FROM t', 'SELECT COUNT(*) AS n FROM t', []],
  ])('translates %s', (_, text, translated, names) => {
    expect(toDollarParameters(text)).toEqual({ text: translated, names });
  });

  it.each([
    ['a /* */ comment', 'SELECT a /* why? */ FROM t WHERE b = ?', /\/\* \*\/ comment/],
    ['dollar quoting', "SELECT $$it's ?$$ WHERE a = ?", /dollar quoting/],
    ['a tagged dollar quote', 'SELECT $q$?$q$', /dollar quoting/],
    ['a $n parameter', 'SELECT a FROM t WHERE b = $1', /\$n parameter/],
    ["an E'…' escape string", "SELECT E'it\\'s ?' WHERE a = ?", /E'…' escape string/],
    ["a lower-case e'…'", "SELECT e'\\n' || ?", /E'…' escape string/],
    ["jsonb's ? after a column", "SELECT a FROM t WHERE data ? 'key'", /jsonb's \? operator/],
    ["jsonb's ? after a quoted identifier", 'WHERE "data" ? ?', /jsonb's \? operator/],
    ["jsonb's ? after a cast", "WHERE '{}'::jsonb ? 'a'", /jsonb's \? operator/],
    ["jsonb's ? after a bracket", "WHERE (data) ? 'a'", /jsonb's \? operator/],
    ["jsonb's ?|", "WHERE data ?| array['a', 'b']", /jsonb's \?\| operator/],
    ["jsonb's ?& before a parameter", 'WHERE data ?& ?', /jsonb's \?& operator/],
    ['? mixed with @name', 'UPDATE t SET a = ? WHERE b = @b', /both \? and @name/],
    ['@name mixed with ?', 'UPDATE t SET a = @a WHERE b = ?', /both \? and @name/],
    ['unterminated quoted text', "SELECT 'a WHERE b = ?", /unterminated quoted text/],
    ['an unterminated identifier', 'SELECT "a FROM t', /unterminated identifier/],
  ])('refuses %s, naming it', (_, text, construct) => {
    expect(() => toDollarParameters(text)).toThrow(construct);
    expect(() => toDollarParameters(text)).toThrow(/PostgreSQL's form of this statement/);
  });
});
