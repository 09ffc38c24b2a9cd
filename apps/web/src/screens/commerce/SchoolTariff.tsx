import { Paper, Text } from '@mantine/core';
import { useTariffs } from './api';
import { TariffsLoad } from './TariffCards';
import { commerceText } from './texts';
import './commerce.css';

const SALES_EMAIL = 'info@sabaq.kz';

/** tariff: the school (B2B) tariff — by agreement, the whole school at once. */
export default function SchoolTariff() {
  const t = commerceText();
  const loaded = useTariffs();
  return (
    <section className="commerce-page" aria-labelledby="tariff-h">
      <h1 id="tariff-h" className="commerce-title">
        {t('schoolTitle')}
      </h1>
      <Text mb="md">{t('schoolIntro')}</Text>
      <TariffsLoad loaded={loaded}>
        {(list) => (
          <div className="commerce-stack">
            {list.tariffs
              .filter((x) => x.audience === 'school')
              .map((x) => (
                <Paper
                  key={x.code}
                  withBorder
                  p="md"
                  component="article"
                  aria-labelledby={`t-${x.code}`}
                >
                  <h2 id={`t-${x.code}`} className="commerce-card-title">
                    {x.name}
                  </h2>
                  <Text className="commerce-price">{t('byAgreement')}</Text>
                  <Text size="sm" mt="xs">
                    {x.description}
                  </Text>
                  <Text mt="sm">
                    {t('schoolContact', { email: '' })}
                    <a href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</a>
                  </Text>
                </Paper>
              ))}
          </div>
        )}
      </TariffsLoad>
    </section>
  );
}
