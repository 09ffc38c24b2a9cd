import type { UiMessageKey } from '@sabaq/platform';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

const SOCIAL: readonly { key: UiMessageKey; name: string }[] = [
  { key: 'footer.social.instagram', name: 'Instagram' },
  { key: 'footer.social.facebook', name: 'Facebook' },
  { key: 'footer.social.youtube', name: 'YouTube' },
  { key: 'footer.social.telegram', name: 'Telegram' },
];

/** Spec §1 footer: © 2011–current year, /agreement, support e-mail and phone from translations,
 * social links only when the translations configure them. */
export function Footer() {
  const { t } = useTranslation();
  const { lang } = useParams();
  const email = t('footer.support_email');
  const phone = t('footer.support_phone');
  const social = SOCIAL.map((s) => ({ ...s, href: t(s.key) })).filter((s) =>
    /^https?:\/\//.test(s.href),
  );
  return (
    <footer className="footer">
      <span>
        {/* Spec §1: always 2011–current year; the holder text may come from the server. */}© 2011–
        {new Date().getFullYear()} {t('footer.copyright').replace(/^©\s*/, '')}
      </span>
      <Link to={`/${lang ?? 'kk'}/agreement`}>{t('footer.agreement')}</Link>
      <span>
        {t('footer.support')}: <a href={`mailto:${email}`}>{email}</a>,{' '}
        <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
      </span>
      {social.length > 0 && (
        <ul className="footer__social" aria-label={t('footer.social')}>
          {social.map((s) => (
            <li key={s.key}>
              <a href={s.href} target="_blank" rel="noopener noreferrer">
                {s.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </footer>
  );
}
