import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../apps/html-escape';

/** A page that runs nothing and loads nothing: only its own inline style. */
export const SIMPLE_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

export interface SimplePageLink {
  href: string;
  text: string;
}

/**
 * Sends a small static HTML page (the stand-ins of partner sites, the help centre): every text is
 * escaped, links are given already checked by the caller.
 */
export function sendSimplePage(
  reply: FastifyReply,
  status: number,
  page: { title: string; lines: string[]; links?: SimplePageLink[] },
): FastifyReply {
  const links = (page.links ?? [])
    .map((link) => `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`)
    .join('');
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title>
<style>body{font:16px/1.6 sans-serif;margin:40px;color:#1f2329}h1{font-size:20px}a{color:#3e70c1}</style></head>
<body><h1>${escapeHtml(page.title)}</h1>${page.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${links}</body></html>`;
  return reply
    .code(status)
    .header('content-security-policy', SIMPLE_PAGE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
