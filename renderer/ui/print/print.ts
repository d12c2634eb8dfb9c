/** Print (spec §9): an iframe print of an element or of HTML. */

export const PRINT_MAX_WIDTH_PX = 800;
export const PRINT_FONT_SIZE = '12pt';

export interface PrintOptions {
  /** The printed page's title. */
  title?: string;
  maxWidth?: number;
  fontSize?: string;
  /** Extra CSS for the printed page. */
  css?: string;
}

const FRAME_ATTRIBUTE = 'data-ph-print';

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);
}

/** The printed document: the content in a column at most `maxWidth` wide, at `fontSize`. */
export function printDocument(bodyHtml: string, options: PrintOptions = {}): string {
  const maxWidth = options.maxWidth ?? PRINT_MAX_WIDTH_PX;
  const fontSize = options.fontSize ?? PRINT_FONT_SIZE;
  // No script runs in the frame (it is sandboxed), so the HTML only ever draws.
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeText(options.title ?? '')}</title><style>
body{margin:0 auto;max-width:${String(maxWidth)}px;font-size:${fontSize};font-family:"Microsoft YaHei",SimSun,sans-serif;color:#000}
img{max-width:100%}table{border-collapse:collapse;max-width:100%}td,th{border:1px solid #999;padding:4px}
${options.css ?? ''}</style></head><body>${bodyHtml}</body></html>`;
}

/**
 * Prints an element (a copy of its HTML) or an HTML string through a hidden, sandboxed iframe
 * (no scripts). The frame stays in the page until the next print, so the printed content can be
 * checked; answers the frame.
 */
export function printContent(
  content: Element | string,
  options: PrintOptions = {},
): HTMLIFrameElement {
  for (const old of document.querySelectorAll(`iframe[${FRAME_ATTRIBUTE}]`)) old.remove();
  const html = typeof content === 'string' ? content : content.outerHTML;
  const frame = document.createElement('iframe');
  frame.setAttribute(FRAME_ATTRIBUTE, '');
  frame.setAttribute('sandbox', 'allow-same-origin allow-modals');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = options.title ?? 'print';
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
    visibility: 'hidden',
  });
  // srcdoc, not document.write: the frame is a document of its own from the start.
  frame.srcdoc = printDocument(html, options);
  frame.addEventListener(
    'load',
    () => {
      const target = frame.contentWindow;
      try {
        target?.focus();
        target?.print();
      } catch {
        // A browser that blocks printing keeps the frame; nothing else to do.
      }
    },
    { once: true },
  );
  document.body.append(frame);
  return frame;
}
