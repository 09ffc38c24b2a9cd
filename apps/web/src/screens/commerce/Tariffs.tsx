import { Text } from '@mantine/core';
import { useTariffs } from './api';
import { TariffCards, TariffsLoad } from './TariffCards';
import { commerceText } from './texts';
import './commerce.css';

/**
 * tariffs: every tariff to choose from. The B2C ones (personal, kindergarten) only with the
 * tariff-b2c flag; the school tariff always, with its page.
 */
export default function Tariffs() {
  const t = commerceText();
  const loaded = useTariffs();
  return (
    <section className="commerce-page" aria-labelledby="tariffs-h">
      <h1 id="tariffs-h" className="commerce-title">
        {t('tariffsTitle')}
      </h1>
      <Text mb="md">{t('tariffsIntro')}</Text>
      <TariffsLoad loaded={loaded}>
        {(list) => (
          <TariffCards
            list={list}
            perMonth={list.flags.b2cVersion}
            tariffs={list.tariffs.filter((x) => list.flags.b2c || x.audience === 'school')}
          />
        )}
      </TariffsLoad>
    </section>
  );
}
