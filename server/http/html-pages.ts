import type { FastifyReply } from 'fastify';
import { setHtmlSecurityHeaders } from './security-headers';

interface PageText {
  title: string;
  zh: string;
  en: string;
}

const PAGES: Partial<Record<number, PageText>> = {
  404: {
    title: '404',
    zh: '页面不存在。',
    en: 'The page you asked for does not exist.',
  },
  503: {
    title: '503',
    zh: '网页版尚未构建：请在项目目录运行 npm run build，然后刷新本页。',
    en: 'The web build is missing: run npm run build in the project folder, then reload this page.',
  },
  500: {
    title: '500',
    zh: '服务器内部错误。',
    en: 'Server internal error.',
  },
};

const FALLBACK: PageText = { title: 'Error', zh: '请求无效。', en: 'Bad request.' };

/** A small bilingual HTML page for browser-facing errors (no scripts, fixed text only). */
export function renderHtmlPage(status: number): string {
  const page = PAGES[status] ?? FALLBACK;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>EduDesk · ${page.title}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:system-ui,-apple-system,"Segoe UI","Microsoft YaHei",sans-serif;background:#f4f6fa;color:#1f2d3d}
main{max-width:36rem;padding:2rem;text-align:center}
h1{font-size:3rem;margin:0 0 1rem;color:#457cd6}
p{line-height:1.6;margin:.5rem 0}
a{color:#457cd6}
</style>
</head>
<body>
<main>
<h1>${page.title}</h1>
<p>${page.zh}</p>
<p lang="en">${page.en}</p>
<p><a href="/">EduDesk</a></p>
</main>
</body>
</html>
`;
}

export function sendHtmlPage(reply: FastifyReply, status: number): FastifyReply {
  return setHtmlSecurityHeaders(reply)
    .code(status)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(renderHtmlPage(status));
}
