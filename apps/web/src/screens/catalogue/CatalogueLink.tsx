import { Link } from 'react-router-dom';
import { currentUiLang } from '../../app/services';

/** `kk` or `ru` of the address (as shared/api's urlLang, without pulling its policy table in). */
const urlLang = () => (currentUiLang() === 'kz' ? 'kk' : 'ru');
import { catalogueText as t } from './texts';

/** "Find ready materials in the catalogue": the link the "my lessons/lectures" lists show. */
export function CatalogueLink() {
  return (
    <p>
      <Link to={`/${urlLang()}/catalog/lectures`}>{t('openCatalogue')}</Link>
    </p>
  );
}
