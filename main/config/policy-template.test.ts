// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { IPC_LIMITS } from '../../contract/ipc';
import { START_AT_LOGIN_VALUES } from './start-at-login';
import { POLICY_VALUES, RECOMMENDABLE_FIELDS } from './policy';
import { POLICY_KEY, RECOMMENDED_KEY } from './registry-reader';
import { MAX_ZOOM_PERCENT, MIN_ZOOM_PERCENT } from '../windows/zoom';

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
const allPolicies = [...admx.getElementsByTagName('policy')];
/** Enforced policies (the key itself) and recommended ones (defaults the user may change). */
const policies = allPolicies.filter((policy) => policy.getAttribute('key') === POLICY_KEY);
const recommended = allPolicies.filter((policy) => policy.getAttribute('key') === RECOMMENDED_KEY);

/** A policy's one element (text, multiText, enum or decimal); none for a flag. */
function valueElement(policy: Element): Element | undefined {
  return policy.getElementsByTagName('elements')[0]?.children[0];
}

/** The registry value a policy writes: its own valueName, or its element's. */
function valueName(policy: Element): string | null {
  return (
    policy.getAttribute('valueName') ?? valueElement(policy)?.getAttribute('valueName') ?? null
  );
}

describe('Group Policy template (ADMX)', () => {
  it('writes every value under the key the client reads, and the MSI writes', () => {
    expect(POLICY_KEY).toBe('Software\\Policies\\EduDesk');
    expect(msiHook.POLICY_KEY).toBe(POLICY_KEY);
    expect(RECOMMENDED_KEY).toBe('Software\\Policies\\EduDesk\\Recommended');
    expect(policies.length + recommended.length).toBe(allPolicies.length);
  });

  it('has exactly one policy per value the client reads', () => {
    expect(policies.map(valueName).sort()).toEqual(Object.keys(POLICY_VALUES).sort());
  });

  it('recommends exactly the user’s settings, in their own category', () => {
    const recommendable = Object.entries(POLICY_VALUES)
      .filter(([, field]) => RECOMMENDABLE_FIELDS.has(field))
      .map(([name]) => name);
    expect(recommendable.sort()).toEqual(['CloseToTray', 'DisableNotifications', 'StartAtLogin']);
    expect(recommended.map(valueName).sort()).toEqual(recommendable);
    for (const policy of recommended) {
      expect(policy.getAttribute('name')).toBe(`${valueName(policy) ?? ''}_Recommended`);
      expect(policy.getElementsByTagName('parentCategory')[0]?.getAttribute('ref')).toBe(
        'EduDesk_Recommended',
      );
    }
  });

  it('lists the start-at-sign-in choices as the DWORDs the reader maps', () => {
    for (const policy of allPolicies.filter((each) => valueName(each) === 'StartAtLogin')) {
      const items = [...policy.getElementsByTagName('item')].map((item) =>
        item.getElementsByTagName('decimal')[0]?.getAttribute('value'),
      );
      expect(items).toEqual(START_AT_LOGIN_VALUES.map((_value, index) => String(index)));
    }
  });

  it('writes flags as DWORD 1 or 0, lists, numbers in range and texts within the limits', () => {
    for (const policy of allPolicies) {
      const name = valueName(policy) ?? policy.getAttribute('name') ?? '';
      const element = valueElement(policy);
      if (element === undefined) {
        const enabled = policy.getElementsByTagName('enabledValue')[0];
        const disabled = policy.getElementsByTagName('disabledValue')[0];
        expect(enabled?.getElementsByTagName('decimal')[0]?.getAttribute('value'), name).toBe('1');
        expect(disabled?.getElementsByTagName('decimal')[0]?.getAttribute('value'), name).toBe('0');
      } else {
        expect(['text', 'multiText', 'enum', 'decimal'], name).toContain(element.tagName);
        expect(element.getAttribute('valueName'), name).toBe(name);
        expect(element.getAttribute('required'), name).toBe('true');
      }
    }
    const updateModes = allPolicies
      .filter((policy) => valueName(policy) === 'UpdateMode')
      .flatMap((policy) =>
        [...policy.getElementsByTagName('string')].map((value) => value.textContent),
      );
    expect(updateModes).toEqual(['auto', 'notify', 'off']);
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

  it('has a matching control for every element', () => {
    const CONTROLS: Record<string, string> = {
      text: 'textBox',
      multiText: 'multiTextBox',
      enum: 'dropdownList',
      decimal: 'decimalTextBox',
    };
    for (const policy of allPolicies) {
      const element = valueElement(policy);
      if (!element) continue;
      const control = CONTROLS[element.tagName] ?? '(none)';
      const presentation = presentations.get(policy.getAttribute('name'));
      expect(policy.getAttribute('presentation')).toBe(
        `$(presentation.${policy.getAttribute('name') ?? ''})`,
      );
      expect(presentation?.getElementsByTagName(control)[0]?.getAttribute('refId')).toBe(
        element.getAttribute('id'),
      );
    }
  });
});
