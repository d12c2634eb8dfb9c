import { GlobalOutlined } from '@ant-design/icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLangType, LANGUAGE_NAMES, LANGUAGES, type LangType } from '../../../contract/languages';
import { changeLanguage } from '../../core/i18n/change-language';
import './language-switcher.css';

export interface LanguageSwitcherProps {
  /** The languages on offer (spec §3: zh-CN and en by default, zh-HK in the picker). */
  languages?: readonly LangType[];
}

/**
 * The language switcher (spec §2): shown only when more than one language exists; switching
 * loads the language's files and re-renders without reloading the page. A native select: fully
 * keyboard- and screen-reader-operable, and it costs the login page no script.
 */
export function LanguageSwitcher({ languages = LANGUAGES }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  if (languages.length < 2) return null;
  const current = languages.find((lang) => lang === i18n.language) ?? languages[0];
  return (
    <span className="language-switcher">
      <GlobalOutlined aria-hidden />
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const lang = event.target.value;
          if (isLangType(lang)) void changeLanguage(lang);
        }}
      >
        {languages.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </span>
  );
}
