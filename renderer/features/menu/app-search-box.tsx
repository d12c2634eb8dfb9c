import { SearchOutlined } from '@ant-design/icons';
import { Input, type InputRef } from 'antd';
import { memo, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem } from '../../../contract/desktop';
import { safeLinkUrl } from '../../core/safe-url';
import { buildSearchIndex, searchApps, wantsPinyin, type ReadPinyin } from './app-search';
import { loadPinyin } from './pinyin';
import { useAppNames } from './use-app-names';
import { appImage } from './visible-apps';
import './app-search.css';

export interface AppSearchBoxProps {
  /** The applications the user may see (already filtered): nothing else is searchable. */
  apps: readonly ApplicationItem[];
  iconVariant: 'colour' | 'gray' | 'cartoon';
  onOpen: (app: ApplicationItem) => void;
  /** Ctrl+K (⌘K) or "/" focuses this box; one box on a page has it. */
  shortcut?: boolean;
  autoFocus?: boolean;
  className?: string;
}

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

function SearchIcon({
  app,
  name,
  iconVariant,
}: {
  app: ApplicationItem;
  name: string;
  iconVariant: AppSearchBoxProps['iconVariant'];
}) {
  const src = safeLinkUrl(appImage(app, iconVariant));
  return src === null ? (
    <span className="app-search__icon app-search__icon--fallback" aria-hidden>
      {name.slice(0, 1)}
    </span>
  ) : (
    <img className="app-search__icon" src={src} alt="" width={28} height={28} />
  );
}

/** A result's name as its icon says it, over its full name when that differs (one language). */
function SearchNames({ name, full }: { name: string; full: string }) {
  return (
    <span className="app-search__names">
      <span>{name}</span>
      {full !== name && <span className="app-search__secondary">{full}</span>}
    </span>
  );
}

/**
 * A search box that finds applications by name, English name, short name, pinyin or pinyin
 * initials, as a combobox: the arrows move through the results, Enter opens the
 * highlighted one, Esc clears. The pinyin dictionary loads when Latin letters are first typed.
 */
export const AppSearchBox = memo(function AppSearchBox({
  apps,
  iconVariant,
  onOpen,
  shortcut = false,
  autoFocus = false,
  className,
}: AppSearchBoxProps) {
  const { t } = useTranslation();
  const names = useAppNames();
  const inputRef = useRef<InputRef>(null);
  const listId = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [readPinyin, setReadPinyin] = useState<ReadPinyin | null>(null);

  // The names as shown are found too (in zh-HK, typed in Traditional characters).
  const index = useMemo(
    () => buildSearchIndex(apps, readPinyin, (app) => [names.app(app), names.full(app)]),
    [apps, readPinyin, names],
  );
  const results = query.trim() === '' ? [] : searchApps(index, query);
  const current = Math.min(active, Math.max(results.length - 1, 0));

  useEffect(() => {
    if (!shortcut) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      const combo = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey);
      const slash = event.key === '/' && !isEditable(event.target);
      if (!combo && !slash) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [shortcut]);

  function onChange(next: string): void {
    setQuery(next);
    setActive(0);
    if (readPinyin === null && wantsPinyin(next)) {
      loadPinyin()
        .then((read) => {
          setReadPinyin(() => read);
        })
        .catch(() => undefined);
    }
  }

  function open(app: ApplicationItem): void {
    setQuery('');
    onOpen(app);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (results.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      const chosen = results[current];
      if (chosen) {
        event.preventDefault();
        open(chosen);
      }
    } else if (event.key === 'Escape' && query !== '') {
      // Clears first; a second Esc reaches the menu panel (which closes).
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      setQuery('');
    }
  }

  const expanded = results.length > 0;
  const optionId = (position: number) => `${listId}-${String(position)}`;
  return (
    <div className={`app-search${className ? ` ${className}` : ''}`}>
      <Input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label={t('menu.search.label')}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded ? optionId(current) : undefined}
        placeholder={t('menu.search.placeholder')}
        prefix={<SearchOutlined aria-hidden />}
        suffix={
          <kbd className="app-search__key" aria-hidden>
            Ctrl K
          </kbd>
        }
        value={query}
        autoFocus={autoFocus}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {query.trim() === '' ? '' : t('menu.search.count', { count: results.length })}
      </p>
      {query.trim() !== '' && (
        <div className="app-search__popup">
          {expanded ? (
            <ul id={listId} role="listbox" aria-label={t('menu.search.results')}>
              {results.map((app, position) => (
                <li
                  key={app.code}
                  id={optionId(position)}
                  role="option"
                  aria-selected={position === current}
                  className={`app-search__option${position === current ? ' app-search__option--active' : ''}`}
                  onMouseDown={(event) => {
                    // Keeps the focus in the box: the click opens the application.
                    event.preventDefault();
                  }}
                  onMouseEnter={() => {
                    setActive(position);
                  }}
                  onClick={() => {
                    open(app);
                  }}
                >
                  <SearchIcon app={app} name={names.app(app)} iconVariant={iconVariant} />
                  <SearchNames name={names.app(app)} full={names.full(app)} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="app-search__empty">{t('menu.search.none')}</p>
          )}
        </div>
      )}
    </div>
  );
});
