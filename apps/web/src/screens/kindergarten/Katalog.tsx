import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  EDUCATIONAL_AREAS,
  EDUCATIONAL_AREA_LABELS,
  MATERIAL_CONDITIONS,
  MATERIAL_CONDITION_LABELS,
  MATERIAL_KINDS,
  MATERIAL_KIND_LABELS,
  PRESCHOOL_AGE_GROUPS,
  PRESCHOOL_AGE_GROUP_LABELS,
} from '@sabaq/platform';
import type {
  EducationalArea,
  Material,
  MaterialCondition,
  MaterialInput,
  MaterialKind,
  PreschoolAgeGroup,
} from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { failure } from '../shared/api';
import { fieldErrors, removeMaterial, saveMaterial, useKatalog } from './api';
import { kgText as t } from './texts';
import '../shared/documents/documents.css';
import './kindergarten.css';

const LANGS = ['kz', 'ru'] as const;

function MaterialForm({
  material,
  onSaved,
  onCancel,
}: {
  material: Material | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const lang = currentUiLang();
  const [input, setInput] = useState<MaterialInput>(() =>
    material
      ? {
          name: material.name,
          kind: material.kind,
          ageGroup: material.ageGroup,
          area: material.area,
          quantity: material.quantity,
          place: material.place,
          condition: material.condition,
        }
      : {
          name: { kz: '', ru: '' },
          kind: 'toy',
          ageGroup: 'senior',
          area: null,
          quantity: 1,
          place: '',
          condition: 'good',
        },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const submit = async () => {
    const r = await saveMaterial(input, material?.id ?? null);
    if (!r.error) return onSaved();
    setErrors(fieldErrors(r));
    setMessage(failure(r));
  };
  const options = <K extends string>(
    values: readonly K[],
    labels: Record<K, { kz: string; ru: string }>,
  ) => values.map((value) => ({ value, label: labels[value][lang] }));
  return (
    <form
      className="kg-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {LANGS.map((l) => (
        <TextInput
          key={l}
          label={t('nameField', { lang: t(l) })}
          value={input.name[l]}
          error={errors[`name.${l}`]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setInput((s) => ({ ...s, name: { ...s.name, [l]: value } }));
          }}
        />
      ))}
      <Select
        label={t('kind')}
        data={options(MATERIAL_KINDS, MATERIAL_KIND_LABELS)}
        value={input.kind}
        allowDeselect={false}
        onChange={(v) => v && setInput((s) => ({ ...s, kind: v as MaterialKind }))}
      />
      <Select
        label={t('age')}
        data={options(PRESCHOOL_AGE_GROUPS, PRESCHOOL_AGE_GROUP_LABELS)}
        value={input.ageGroup}
        allowDeselect={false}
        onChange={(v) => v && setInput((s) => ({ ...s, ageGroup: v as PreschoolAgeGroup }))}
      />
      <Select
        label={t('area')}
        placeholder={t('noArea')}
        clearable
        data={options(EDUCATIONAL_AREAS, EDUCATIONAL_AREA_LABELS)}
        value={input.area}
        onChange={(v) => setInput((s) => ({ ...s, area: v as EducationalArea | null }))}
      />
      <NumberInput
        label={t('quantity')}
        min={0}
        max={100000}
        allowDecimal={false}
        value={input.quantity}
        error={errors.quantity}
        onChange={(v) => setInput((s) => ({ ...s, quantity: typeof v === 'number' ? v : 0 }))}
      />
      <TextInput
        label={t('place')}
        value={input.place}
        error={errors.place}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setInput((s) => ({ ...s, place: value }));
        }}
      />
      <Select
        label={t('condition')}
        data={options(MATERIAL_CONDITIONS, MATERIAL_CONDITION_LABELS)}
        value={input.condition}
        allowDeselect={false}
        onChange={(v) => v && setInput((s) => ({ ...s, condition: v as MaterialCondition }))}
      />
      {message && (
        <p role="alert" className="doc-error">
          {message}
        </p>
      )}
      <Group>
        <Button type="submit">{t('save')}</Button>
        <Button variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </Group>
    </form>
  );
}

/**
 * `katalog` (issue 15): the caller's kindergarten materials by kind, age group and area, with
 * search; the kindergarten's staff add, change and remove them. Users of no kindergarten see an
 * explanation and an empty list.
 */
export default function KatalogPage() {
  const lang = currentUiLang();
  const [kind, setKind] = useState<MaterialKind | null>(null);
  const [age, setAge] = useState<PreschoolAgeGroup | null>(null);
  const [area, setArea] = useState<EducationalArea | null>(null);
  const [words, setWords] = useState('');
  const [editing, setEditing] = useState<Material | 'new' | null>(null);
  const [removing, setRemoving] = useState<Material | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const loaded = useKatalog({
    kind: kind ?? undefined,
    age: age ?? undefined,
    area: area ?? undefined,
    q: words.trim() || undefined,
  });
  const data = loaded.data;

  const confirmRemove = async (m: Material) => {
    const r = await removeMaterial(m.id);
    setRemoving(null);
    setNotice(r.error ? failure(r) : null);
    await loaded.reload();
  };

  return (
    <section className="doc-page" aria-labelledby="kg-katalog-h">
      <Group justify="space-between" align="center">
        <h1 id="kg-katalog-h" className="doc-title">
          {t('katalogTitle')}
        </h1>
        {data?.canEdit && <Button onClick={() => setEditing('new')}>{t('addMaterial')}</Button>}
      </Group>
      <Text mb="md">{data?.kindergarten ?? t('katalogIntro')}</Text>
      {data && data.kindergarten === null && <Alert color="blue">{t('katalogNone')}</Alert>}
      {data?.kindergarten && (
        <form role="search" className="doc-filters" onSubmit={(e) => e.preventDefault()}>
          <Select
            label={t('kind')}
            placeholder={t('anyKind')}
            clearable
            data={MATERIAL_KINDS.map((v) => ({ value: v, label: MATERIAL_KIND_LABELS[v][lang] }))}
            value={kind}
            onChange={(v) => setKind(v as MaterialKind | null)}
          />
          <Select
            label={t('age')}
            placeholder={t('anyAge')}
            clearable
            data={PRESCHOOL_AGE_GROUPS.map((v) => ({
              value: v,
              label: PRESCHOOL_AGE_GROUP_LABELS[v][lang],
            }))}
            value={age}
            onChange={(v) => setAge(v as PreschoolAgeGroup | null)}
          />
          <Select
            label={t('area')}
            placeholder={t('anyArea')}
            clearable
            data={EDUCATIONAL_AREAS.map((v) => ({
              value: v,
              label: EDUCATIONAL_AREA_LABELS[v][lang],
            }))}
            value={area}
            onChange={(v) => setArea(v as EducationalArea | null)}
          />
          <TextInput
            type="search"
            label={t('search')}
            placeholder={t('katalogSearch')}
            value={words}
            onChange={(e) => setWords(e.currentTarget.value)}
          />
        </form>
      )}
      {loaded.error && <Alert color="red">{loaded.error}</Alert>}
      {notice && <Alert color="red">{notice}</Alert>}
      {!data && !loaded.error && <Text>{t('loading')}</Text>}
      {data?.kindergarten && data.items.length === 0 && <Text>{t('empty')}</Text>}
      {data?.kindergarten && data.items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('name')}</Table.Th>
                <Table.Th>{t('kind')}</Table.Th>
                <Table.Th>{t('age')}</Table.Th>
                <Table.Th>{t('quantity')}</Table.Th>
                <Table.Th>{t('place')}</Table.Th>
                <Table.Th>{t('condition')}</Table.Th>
                {data.canEdit && <Table.Th>{t('actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{m.name[lang]}</Table.Td>
                  <Table.Td>{MATERIAL_KIND_LABELS[m.kind][lang]}</Table.Td>
                  <Table.Td>{PRESCHOOL_AGE_GROUP_LABELS[m.ageGroup][lang]}</Table.Td>
                  <Table.Td>{m.quantity}</Table.Td>
                  <Table.Td>{m.place}</Table.Td>
                  <Table.Td>{MATERIAL_CONDITION_LABELS[m.condition][lang]}</Table.Td>
                  {data.canEdit && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={t('editNamed', { title: m.name[lang] })}
                          onClick={() => setEditing(m)}
                        >
                          {t('edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={t('removeNamed', { title: m.name[lang] })}
                          onClick={() => setRemoving(m)}
                        >
                          {t('remove')}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('addMaterial') : t('editMaterial')}
      >
        {editing !== null && (
          <MaterialForm
            material={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void loaded.reload();
            }}
          />
        )}
      </Modal>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('remove')}>
        {removing && (
          <>
            <Text mb="md">{t('removeConfirm', { title: removing.name[lang] })}</Text>
            <Group>
              <Button color="red" onClick={() => void confirmRemove(removing)}>
                {t('yes')}
              </Button>
              <Button variant="default" onClick={() => setRemoving(null)}>
                {t('cancel')}
              </Button>
            </Group>
          </>
        )}
      </Modal>
    </section>
  );
}
