import { Alert, Text } from '@mantine/core';
import { useTariffs } from './api';
import { TariffCards, TariffsLoad } from './TariffCards';
import { commerceText } from './texts';
import './commerce.css';

/**
 * b2c: the tariffs for private users (personal, kindergarten) when the tariff-b2c flag is on;
 * tariff-versian-b2c shows the yearly tariff by its price per month.
 */
export default function B2c() {
  const t = commerceText();
  const loaded = useTariffs();
  return (
    <section className="commerce-page" aria-labelledby="b2c-h">
      <h1 id="b2c-h" className="commerce-title">
        {t('b2cTitle')}
      </h1>
      <Text mb="md">{t('b2cIntro')}</Text>
      <TariffsLoad loaded={loaded}>
        {(list) =>
          list.flags.b2c ? (
            <TariffCards
              list={list}
              perMonth={list.flags.b2cVersion}
              tariffs={list.tariffs.filter((x) => x.audience !== 'school')}
            />
          ) : (
            <Alert role="status">{t('b2cOff')}</Alert>
          )
        }
      </TariffsLoad>
    </section>
  );
}
