import { z } from 'zod';
import { dataEnvelope } from './common';

/** GET /api/v2/os/permissions/{locale}: menu paths and their names for B2B users (spec §6). */
export const PermissionsResponseSchema = dataEnvelope(
  z.object({
    userId: z.number().int(),
    paths: z.array(z.string()),
    meta: z.array(z.object({ path: z.string(), name: z.string() })),
  }),
);
export type PermissionsResponse = z.infer<typeof PermissionsResponseSchema>;

/** Feature flags of spec §9. */
export const FEATURE_FLAGS = [
  'landing-feature',
  'gpt-feature',
  'individual-card',
  'methodical-cabinet',
  'tariff-b2c',
  'tariff-versian-b2c',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const FeatureFlagsResponseSchema = dataEnvelope(z.record(z.string(), z.boolean()));
export type FeatureFlagsResponse = z.infer<typeof FeatureFlagsResponseSchema>;

export const TranslationsResponseSchema = dataEnvelope(z.record(z.string(), z.string()));
export type TranslationsResponse = z.infer<typeof TranslationsResponseSchema>;

export const PeriodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  quarter: z.number().int(),
  /** ISO dates */
  startDate: z.string(),
  endDate: z.string(),
  is_current: z.boolean(),
});
export type Period = z.infer<typeof PeriodSchema>;
export const PeriodsResponseSchema = dataEnvelope(z.array(PeriodSchema));

/** GET /api/v2/os/groups/{locale}: the school's groups, subgroups and subjects (not students). */
export const GroupsByLocaleResponseSchema = dataEnvelope(
  z.object({
    groups: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        parallel: z.number().int(),
        letter: z.string(),
        eduLang: z.number().int(),
      }),
    ),
    subgroups: z.array(
      z.object({
        id: z.number().int(),
        groupId: z.number().int(),
        subjectId: z.number().int(),
        name: z.string(),
      }),
    ),
    subjects: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
);
export type GroupsByLocaleResponse = z.infer<typeof GroupsByLocaleResponseSchema>;

export const BannerSchema = z.object({
  id: z.number().int(),
  image: z.string(),
  externalLink: z.string().nullable(),
  title: z.string(),
});
export const BannersResponseSchema = dataEnvelope(z.array(BannerSchema));
export type Banner = z.infer<typeof BannerSchema>;

export const DomainSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  kind: z.enum(['school', 'kindergarten', 'platform']),
  name: z.string(),
});
export const DomainsResponseSchema = dataEnvelope(z.array(DomainSchema));
export type Domain = z.infer<typeof DomainSchema>;

/** An entry of a builder dictionary, titled in the request's X-Localization language. */
export const BuilderDictionaryEntrySchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_\-.:~]{1,128}$/),
  title: z.string().min(1),
});
export type BuilderDictionaryEntry = z.infer<typeof BuilderDictionaryEntrySchema>;

/**
 * GET /api/v2/os/builder/dictionaries: what a draft's `dictionaries` hold (packages/engine
 * `Dictionaries`), so the editor's skill-level and task-type pickers offer real entries.
 */
export const BuilderDictionariesResponseSchema = dataEnvelope(
  z.object({
    skillLevels: z.array(BuilderDictionaryEntrySchema),
    taskTypes: z.array(BuilderDictionaryEntrySchema),
    themeTypes: z.array(BuilderDictionaryEntrySchema),
    speechActivities: z.array(BuilderDictionaryEntrySchema),
  }),
);
export type BuilderDictionariesResponse = z.infer<typeof BuilderDictionariesResponseSchema>;
