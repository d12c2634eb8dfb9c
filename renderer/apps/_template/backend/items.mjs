/**
 * The application's data: items kept in memory (a real application keeps them in its own
 * database), answered in the platform's envelope (contract/envelope.ts: status 200 is success;
 * a paged list is `data.list` and `data.total`, what PH's paged container reads).
 */

const MAX_PAGE_SIZE = 400;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The platform's envelope: `message` may be bilingual, `中文|||English`. */
export function envelope(status, data, message = '', code = status === 200 ? 'ok' : 'error') {
  return { status, message, data, code, fieldErrors: [] };
}

/** An item as callers see it: without the unit it belongs to. */
function shown(item) {
  return { id: item.id, title: item.title, owner: item.owner, due: item.due };
}

export function createItems(seed = []) {
  const items = [...seed];
  let nextId = items.reduce((max, item) => Math.max(max, item.id), 0) + 1;
  return {
    /** One page, newest first: `start` is the page (1-based), `size` its length (at most 400). */
    page(unitId, start, size) {
      const page = Math.max(1, Math.trunc(Number(start)) || 1);
      const length = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(Number(size)) || 30));
      const mine = items.filter((item) => item.unitId === unitId).reverse();
      const list = mine.slice((page - 1) * length, page * length).map(shown);
      return { list, total: mine.length };
    },
    /** A new item from the form, or the reason it is refused (bilingual). */
    add(unitId, owner, input) {
      const title = typeof input?.title === 'string' ? input.title.trim() : '';
      const due = typeof input?.due === 'string' ? input.due.trim() : '';
      if (title === '' || title.length > 100)
        return { error: '标题为 1–100 个字符|||The title takes 1–100 characters' };
      if (!DATE.test(due))
        return { error: '截止日期须为 YYYY-MM-DD|||The due date must be YYYY-MM-DD' };
      const item = { id: nextId++, unitId, title, owner, due };
      items.push(item);
      return { item: shown(item) };
    },
  };
}
