import { ActionIcon, Button, Group, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import type { BannersEdit } from '@sabaq/platform/site';
import { saveBanners, useBannersEdit } from './api';
import { SiteLoad } from './common';
import { BiTextInput, moved } from './fields';
import { SaveBar } from './SaveBar';
import { useSaveForm } from './useSaveForm';
import { siteText } from './texts';
import { useEdited } from './useEdited';

function BannersForm({ initial }: { initial: BannersEdit }) {
  const t = siteText();
  const { value, update, latest } = useEdited(initial);
  const { errors, state, save: run } = useSaveForm();
  type Banner = BannersEdit['banners'][number];
  const set = (i: number, change: (b: Banner) => Banner) =>
    update((v) => ({ banners: v.banners.map((b, j) => (j === i ? change(b) : b)) }));

  const save = () =>
    run(
      () => saveBanners(latest()),
      (saved) => update(() => saved),
    );

  return (
    <>
      {value.banners.map((b, i) => {
        const name = t('bannerN', { n: i + 1 });
        return (
          <section key={b.id ?? `new-${i}`} className="site-admin-block" aria-label={name}>
            <Group justify="space-between">
              <Title order={3} size="h4">
                {name}
              </Title>
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${t('moveUp')}: ${name}`}
                  onClick={() => update((v) => ({ banners: moved(v.banners, i, -1) }))}
                >
                  <IconArrowUp size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${t('moveDown')}: ${name}`}
                  onClick={() => update((v) => ({ banners: moved(v.banners, i, 1) }))}
                >
                  <IconArrowDown size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t('remove')}: ${name}`}
                  onClick={() => update((v) => ({ banners: v.banners.filter((_, j) => j !== i) }))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Group>
            {b.image && <img className="site-article__cover" src={b.image} alt="" />}
            <div className="site-admin-pair">
              <TextInput
                label={t('bannerImage')}
                description={t('coverHint')}
                value={b.image}
                error={errors[`banners.${i}.image`]}
                onChange={(e) => {
                  const image = e.currentTarget.value;
                  set(i, (x) => ({ ...x, image }));
                }}
              />
              <TextInput
                label={t('bannerLink')}
                value={b.externalLink}
                error={errors[`banners.${i}.externalLink`]}
                onChange={(e) => {
                  const externalLink = e.currentTarget.value;
                  set(i, (x) => ({ ...x, externalLink }));
                }}
              />
            </div>
            <BiTextInput
              label="bannerTitle"
              value={b.title}
              path={`banners.${i}.title`}
              errors={errors}
              onChange={(title) => set(i, (x) => ({ ...x, title }))}
            />
          </section>
        );
      })}
      <Button
        variant="default"
        onClick={() =>
          update((v) => ({
            banners: [...v.banners, { image: '', externalLink: '', title: { kz: '', ru: '' } }],
          }))
        }
      >
        {t('addBanner')}
      </Button>
      <SaveBar state={state} onSave={() => void save()} />
    </>
  );
}

/** The main page's banners: picture, optional link and a caption in both languages. */
export function AdminBanners() {
  const loaded = useBannersEdit();
  return <SiteLoad loaded={loaded}>{(b) => <BannersForm initial={b} />}</SiteLoad>;
}
