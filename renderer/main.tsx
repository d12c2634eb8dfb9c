import './styles.css';
import { ownTask } from './core/own-task';
import { isPrerendering, whileHiddenOnSignIn } from './core/prerender';

/**
 * Boots the page in stages, each stage's modules evaluated in a task of their own, so that on a
 * slow PC no single task evaluates the whole entry (with a 4x-slowed CPU, one task of 190-330 ms
 * became four of 20-100 ms: docs/performance.md, "Staged boot"). The stages' files are all
 * linked from the HTML's head (scripts/vite/page-files.ts), so they download in parallel while
 * it is parsed; a stage only waits for its own evaluation.
 */
async function start(container: HTMLElement): Promise<void> {
  // The page's first calls (the login check's current-user call, the desktop's icons) leave
  // first: their round trips overlap the evaluation of React and antd (pages/boot/early-calls.ts).
  const { startEarlyCalls } = await import('./pages/boot/layer');
  // A page prerendered while the user types on the login page evaluates all of its code and
  // renders the layer around a loading label, but calls nothing until the login page announces
  // the login (its calls then overlap the navigation), or else until it is shown.
  const prerendered = isPrerendering();
  let calling = false;
  const startCalls = () => {
    if (calling) return;
    calling = true;
    startEarlyCalls(window.location.href);
  };
  if (prerendered) whileHiddenOnSignIn(startCalls);
  else startCalls();
  await ownTask();
  const stages = [() => import('./pages/boot/framework'), () => import('./pages/boot/antd')];
  for (const stage of stages) {
    await stage();
    await ownTask();
  }
  const { bootstrap } = await import('./pages/bootstrap');
  await bootstrap(container, prerendered ? startCalls : undefined);
}

/** The page's code could not be downloaded: the HTML's own message, with a reload button. */
function showBootFailed(container: HTMLElement): void {
  const template = document.getElementById('boot-failed');
  if (!(template instanceof HTMLTemplateElement)) return;
  container.replaceChildren(template.content.cloneNode(true));
  container.querySelector('button')?.addEventListener('click', () => {
    window.location.reload();
  });
}

const container = document.getElementById('root');
if (container !== null) {
  start(container).catch(() => {
    showBootFailed(container);
  });
}
