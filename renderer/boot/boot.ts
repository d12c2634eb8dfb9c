import { ownTask } from '../core/own-task';
import { whenShown, whileHiddenOnSignIn } from '../core/prerender';

/**
 * Boots the page, one path for every page. Its stages' modules are each evaluated in a task of
 * their own, so that on a slow PC no single task evaluates the whole entry (with a 4x-slowed
 * CPU, one task of 190-330 ms became four of 20-100 ms: docs/performance.md, "Staged boot").
 * The stages' files are all linked from the HTML's head (scripts/vite/page-files.ts), so they
 * download in parallel while it is parsed; a stage only waits for its own evaluation.
 *
 * The page's first calls (the login check's current-user call, the desktop's icons) leave as
 * soon as the page is shown, before React and antd are evaluated (./early-calls.ts). A page is
 * shown at once unless the browser prerenders it while the user types on the login page
 * (core/prerender.ts): then it evaluates all of its code and renders the layer around a loading
 * label, but calls nothing until its login page announces the login (the calls then overlap the
 * navigation), or else until it is shown.
 */
export async function boot(container: HTMLElement): Promise<void> {
  const { startEarlyCalls } = await import('./layer');
  let calling = false;
  const startCalls = () => {
    if (calling) return;
    calling = true;
    startEarlyCalls(window.location.href);
  };
  whileHiddenOnSignIn(startCalls);
  const shown = whenShown().then(startCalls);
  await ownTask();
  const stages = [() => import('./framework'), () => import('./antd')];
  for (const stage of stages) {
    await stage();
    await ownTask();
  }
  const { bootstrap } = await import('./bootstrap');
  await bootstrap(container, shown);
}

/** The page's code could not be downloaded: the HTML's own message, with a reload button. */
export function showBootFailed(container: HTMLElement): void {
  const template = document.getElementById('boot-failed');
  if (!(template instanceof HTMLTemplateElement)) return;
  container.replaceChildren(template.content.cloneNode(true));
  container.querySelector('button')?.addEventListener('click', () => {
    window.location.reload();
  });
}
