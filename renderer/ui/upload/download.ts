import { isEnvelope, SUCCESS_STATUS } from '../../../contract/envelope';
import { serverText } from '../../core/i18n/traditional';
import { PARAM_LANGUAGE } from '../../../contract/http-headers';
import { submitHiddenForm } from '../../core/form-post';
import { currentLanguage } from '../../core/i18n/instance';
import { notify } from '../notify/notify';

export interface FormDownload {
  url: string;
  method?: 'GET' | 'POST';
  params?: Record<string, string | number | undefined>;
}

/** The hidden frame downloads are posted into, so the page itself never navigates away. */
export const DOWNLOAD_FRAME_NAME = 'edudesk-download-frame';

/**
 * A file download answers Content-Disposition: attachment and the frame stays empty. When the
 * server answers an error envelope instead, the frame shows it: it is read (same origin) and
 * turned into a warning in the user's language.
 */
function reportFrameAnswer(frame: HTMLIFrameElement): void {
  let text = '';
  try {
    text = frame.contentDocument?.body.textContent.trim() ?? '';
  } catch {
    return;
  }
  if (text === '') return;
  try {
    const body: unknown = JSON.parse(text);
    if (isEnvelope(body) && body.status !== SUCCESS_STATUS) {
      notify.warning(serverText(body.message, currentLanguage()));
    }
  } catch {
    // Not an envelope: nothing to report.
  }
}

function downloadFrame(): HTMLIFrameElement {
  const existing = document.querySelector<HTMLIFrameElement>(
    `iframe[name="${DOWNLOAD_FRAME_NAME}"]`,
  );
  if (existing) return existing;
  const frame = document.createElement('iframe');
  frame.name = DOWNLOAD_FRAME_NAME;
  frame.title = DOWNLOAD_FRAME_NAME;
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.addEventListener('load', () => {
    reportFrameAnswer(frame);
  });
  document.body.appendChild(frame);
  return frame;
}

/**
 * Spec §7 generic download: a form GET or POST carrying the Sy-Language parameter, submitted
 * into a hidden frame; the form is removed after 500 ms (§9). For a GET every parameter is a
 * field (a browser drops the action's own query); for a POST the language rides in the query,
 * as the table export does.
 */
export function downloadByForm({
  url,
  method = 'GET',
  params = {},
}: FormDownload): HTMLFormElement {
  const language = currentLanguage();
  const action = new URL(url, window.location.href);
  const fields: Record<string, string | number | undefined> = {};
  if (method === 'GET') {
    for (const [name, value] of action.searchParams) fields[name] = value;
    Object.assign(fields, params, { [PARAM_LANGUAGE]: language });
  } else {
    Object.assign(fields, params);
    action.searchParams.set(PARAM_LANGUAGE, language);
  }
  return submitHiddenForm({
    action: method === 'GET' ? action.pathname : action.pathname + action.search,
    method,
    target: downloadFrame().name,
    fields,
  });
}
