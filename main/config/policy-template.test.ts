// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { IPC_LIMITS } from '../../contract/ipc';
import { MAX_ZOOM_PERCENT, MIN_ZOOM_PERCENT } from '../windows/zoom';
import { POLICY_VALUES } from './policy';
import { POLICY_KEY } from './registry-reader';

/**
 * The Group Policy template (resources/policy) and the policy reader agree: the same key, the
 * same value names and types, and every text the template shows exists in every language.
 */
const POLICY_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../resources/policy',
);
const LANGUAGES = ['en-US', 'zh-CN', 'zh-TW'];
// The MSI hook is plain JavaScript for electron-builder; loaded by URL, typed here.
const msiHook = (await import(
  pathToFileURL(path.join(POLICY_DIR, '..', 'build', 'msi-server-url.mjs')).href
)) as { POLICY_KEY: string };

function parse(file: string): Document {
  const document = new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'application/xml');
  expect(document.getElementsByTagName('parsererror'), file).toHaveLength(0);
  return document;
}

const admx = parse(path.join(POLICY_DIR, 'EduDesk.admx'));
const policies = [...admx.getElementsByTagName('policy')];

/** The registry value a policy writes: its own valueName, or its (text or number) element's. */
function valueName(policy: Element): string | null {
  return (
    policy.getAttribute('valueName') ??
    policy.getElementsByTagName('elements')[0]?.children[0]?.getAttribute('valueName') ??
    null
  );
}

describe('Group Policy template (ADMX)', () => {
  it('writes every value under the key the client reads, and the MSI writes', () => {
    expect(POLICY_KEY).toBe('Software\\Policies\\EduDesk');
    expect(msiHook.POLICY_KEY).toBe(POLICY_KEY);
    for (const policy of policies) expect(policy.getAttribute('key')).toBe(POLICY_KEY);
  });

  it('has exactly one policy per value the client reads', () => {
    expect(policies.map(valueName).sort()).toEqual(Object.keys(POLICY_VALUES).sort());
  });

  it('writes flags as DWORD 1 or 0, numbers in range and texts within the client’s limits', () => {
    for (const policy of policies) {
      const name = valueName(policy) ?? policy.getAttribute('name') ?? '';
      const [element] = policy.getElementsByTagName('elements')[0]?.children ?? [];
      if (element === undefined) {
        const enabled = policy.getElementsByTagName('enabledValue')[0];
        const disabled = policy.getElementsByTagName('disabledValue')[0];
        expect(enabled?.getElementsByTagName('decimal')[0]?.getAttribute('value'), name).toBe('1');
        expect(disabled?.getElementsByTagName('decimal')[0]?.getAttribute('value'), name).toBe('0');
      } else {
        expect(['text', 'decimal'], name).toContain(element.tagName);
        expect(element.getAttribute('valueName'), name).toBe(name);
        expect(element.getAttribute('required'), name).toBe('true');
      }
    }
    const range = (name: string) => {
      const decimal = policies
        .find((policy) => valueName(policy) === name)
        ?.getElementsByTagName('decimal')[0];
      return [decimal?.getAttribute('minValue'), decimal?.getAttribute('maxValue')];
    };
    expect(range('DefaultZoom')).toEqual([String(MIN_ZOOM_PERCENT), String(MAX_ZOOM_PERCENT)]);
    const maxLength = (name: string) =>
      policies
        .find((policy) => valueName(policy) === name)
        ?.getElementsByTagName('text')[0]
        ?.getAttribute('maxLength');
    expect(maxLength('ClientId')).toBe(String(IPC_LIMITS.clientId));
    expect(maxLength('ServerUrl')).toBe('2048');
  });
});

describe.each(LANGUAGES)('Group Policy texts (ADML, %s)', (language) => {
  const adml = parse(path.join(POLICY_DIR, language, 'EduDesk.adml'));
  const strings = new Set(
    [...adml.getElementsByTagName('string')].map((element) => element.getAttribute('id')),
  );
  const presentations = new Map(
    [...adml.getElementsByTagName('presentation')].map((element) => [
      element.getAttribute('id'),
      element,
    ]),
  );

  it('has every string the template refers to, each non-empty', () => {
    const referenced = [
      ...readFileSync(path.join(POLICY_DIR, 'EduDesk.admx'), 'utf8').matchAll(
        /\$\(string\.(\w+)\)/g,
      ),
    ].map((match) => match[1]);
    expect(referenced.length).toBeGreaterThan(10);
    for (const id of referenced) expect(strings.has(id ?? ''), id).toBe(true);
    for (const element of adml.getElementsByTagName('string')) {
      expect(element.textContent.trim(), element.getAttribute('id') ?? '').not.toBe('');
    }
  });

  it('has a text box for every text or number element', () => {
    for (const policy of policies) {
      const text = policy.getElementsByTagName('elements')[0]?.children[0];
      if (!text) continue;
      const box = text.tagName === 'decimal' ? 'decimalTextBox' : 'textBox';
      const presentation = presentations.get(policy.getAttribute('name'));
      expect(policy.getAttribute('presentation')).toBe(
        `$(presentation.${policy.getAttribute('name') ?? ''})`,
      );
      expect(presentation?.getElementsByTagName(box)[0]?.getAttribute('refId')).toBe(
        text.getAttribute('id'),
      );
    }
  });
});
