import type { FastifyReply } from 'fastify';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sendHtmlPage } from '../http/html-pages';
import { setHtmlSecurityHeaders } from '../http/security-headers';

/**
 * The not-found page of a page the user may not open (spec §2: an application whose URL is not
 * in the user's permitted menu list): the web build's app with status 404. The app shows it in
 * the user's language with a way back to their desktop (renderer/pages/not-found). Without a
 * build, the server's own small bilingual page.
 */
export async function sendNotFoundPage(
  reply: FastifyReply,
  webRoot: string,
): Promise<FastifyReply> {
  let html: Buffer;
  try {
    html = await fs.readFile(path.join(path.resolve(webRoot), 'index.html'));
  } catch {
    return sendHtmlPage(reply, 404);
  }
  // Whether a page is found depends on who asks: no cache keeps this answer for another user.
  return setHtmlSecurityHeaders(reply)
    .code(404)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
