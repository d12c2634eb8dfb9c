import { DOWNLOAD_FORM_REMOVE_MS } from '../../contract/upload';

export interface HiddenForm {
  action: string;
  method: 'GET' | 'POST';
  /** A window or frame name: `_blank` for a new window, a hidden frame's name for downloads. */
  target: string;
  fields: Record<string, string | number | undefined>;
}

/**
 * Submits a hidden form (downloads, table export, a single-sign-on post) and removes it after
 * 500 ms (spec §9). Field values are set as properties, never as markup, so nothing in them is parsed.
 */
export function submitHiddenForm({ action, method, target, fields }: HiddenForm): HTMLFormElement {
  const form = document.createElement('form');
  form.method = method.toLowerCase();
  form.action = action;
  form.target = target;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  setTimeout(() => {
    form.remove();
  }, DOWNLOAD_FORM_REMOVE_MS);
  return form;
}
