import { useTranslation } from 'react-i18next';
import type { UnitLoginConfig } from '../../../contract/auth';
import { splitBilingual } from '../../../contract/envelope';
import { useServerText } from '../../core/i18n/traditional';
import { safeLinkUrl } from '../../core/safe-url';
import { footerModel, unitNameInLanguage } from './decoration-set';
import './footer.css';

function MaybeLink({ href, children }: { href: string; children: React.ReactNode }) {
  const safe = safeLinkUrl(href);
  if (safe === null) return <span>{children}</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * The footer (spec §2): copyright, the footer text with its optional link, and the filing
 * entries each with an optional image and link. Every text is rendered as text and every URL is
 * checked: the unit's configuration is not trusted.
 */
export interface FooterProps {
  config: UnitLoginConfig | null;
  /** Shows the 'version info' link, which opens the about dialog (spec §2). */
  onVersionInfo?: () => void;
  /** Opens the help centre (spec §2), when the unit has it on. */
  onHelpCentre?: () => void;
}

export function Footer({ config, onVersionInfo, onHelpCentre }: FooterProps) {
  const { t, i18n } = useTranslation();
  const model = footerModel(config);
  // Unit texts may be bilingual (`中文|||English`), like the platform's messages, and show in
  // Traditional characters in zh-HK; a filing number stays as registered.
  const text = useServerText();
  const filingText = (value: string) => splitBilingual(value, i18n.language);
  if (!model.show) return null;
  return (
    <footer className="app-footer">
      {model.copyright !== '' && (
        <span className="app-footer__item">
          {unitNameInLanguage(text(model.copyright), config, i18n.language)}
        </span>
      )}
      {model.footerText !== '' && (
        <span className="app-footer__item">
          <MaybeLink href={model.footerLink}>{text(model.footerText)}</MaybeLink>
        </span>
      )}
      {model.filings.map((filing) => {
        const image = filing.showImg ? safeLinkUrl(filing.baImg) : null;
        return (
          <span
            className="app-footer__item app-footer__filing"
            key={`${filing.baContent}|${filing.baUrl}`}
          >
            <MaybeLink href={filing.baUrl}>
              {image !== null && <img src={image} alt="" width={16} height={16} />}
              {filingText(filing.baContent)}
            </MaybeLink>
          </span>
        );
      })}
      {model.helpCenter && onHelpCentre && (
        <button type="button" className="app-footer__item app-footer__link" onClick={onHelpCentre}>
          {t('footer.helpCentre')}
        </button>
      )}
      {onVersionInfo && (
        <button type="button" className="app-footer__item app-footer__link" onClick={onVersionInfo}>
          {t('footer.versionInfo')}
        </button>
      )}
    </footer>
  );
}
