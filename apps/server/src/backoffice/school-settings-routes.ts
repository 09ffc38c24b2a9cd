import {
  SETTINGS_PROBLEM_TEXTS,
  SchoolSettingsResponseSchema,
  SchoolSettingsSchema,
  settingsProblems,
} from '@sabaq/platform';
import type { Locale, SchoolSettings } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import { requireSchool } from './personnel-commands';
import { audit } from './personnel-queries';
import { isBinTaken, loadSettings, quartersLeftOut, saveSettings } from './school-settings-queries';

const OWN_TEXTS = {
  bin_taken: {
    kz: 'Бұл БСН басқа ұйымда тіркелген',
    ru: 'Этот БИН зарегистрирован у другой организации',
  },
  quarter_missing: {
    kz: '{n}-тоқсанның сабақтары бар: оны жоюға болмайды, тек күнін өзгертіңіз',
    ru: 'В {n}-й четверти есть уроки: её нельзя убрать, можно только сдвинуть даты',
  },
} as const;

/** 422 with every problem per field, in the request's language. */
class SettingsError extends HttpError {
  constructor(readonly fields: Record<string, Record<Locale, string>>) {
    super(422, 'validation_failed');
  }

  override toBody(locale: Locale) {
    const errors: Record<string, string[]> = {};
    for (const [field, texts] of Object.entries(this.fields)) errors[field] = [texts[locale]];
    const first = Object.values(errors)[0]?.[0];
    return { message: first ?? '', errors };
  }
}

async function checkSettings(q: Queryable, schoolId: number, s: SchoolSettings): Promise<void> {
  const fields: Record<string, Record<Locale, string>> = {};
  for (const [field, problem] of Object.entries(settingsProblems(s)))
    fields[field] = SETTINGS_PROBLEM_TEXTS[problem];
  if (await isBinTaken(q, schoolId, s.bin)) fields.bin = OWN_TEXTS.bin_taken;
  const missing = await quartersLeftOut(
    q,
    schoolId,
    s.schoolYear,
    s.quarters.map((p) => p.quarter),
  );
  for (const n of missing)
    fields.quarters = {
      kz: OWN_TEXTS.quarter_missing.kz.replace('{n}', String(n)),
      ru: OWN_TEXTS.quarter_missing.ru.replace('{n}', String(n)),
    };
  if (Object.keys(fields).length > 0) throw new SettingsError(fields);
}

/**
 * School settings (issue 13, spec §2 `backoffice/school-settings`): the director's or
 * zavuch's own school only — the school comes from the session, never from the request.
 */
export function registerSchoolSettingsRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  defineRoute(app, ctx, 'schoolSettings.get', {
    response: { 200: SchoolSettingsResponseSchema },
    handler: async (req) => {
      const caller = requireSchool(requireAuth(req));
      const settings = await loadSettings(db, caller.schoolId);
      if (!settings) throw new HttpError(404, 'not_found');
      return { data: settings };
    },
  });

  defineRoute(app, ctx, 'schoolSettings.save', {
    body: SchoolSettingsSchema,
    response: { 200: SchoolSettingsResponseSchema },
    handler: async (req) => {
      const caller = requireSchool(requireAuth(req));
      await checkSettings(db, caller.schoolId, req.body);
      await db.transaction(async (tx) => {
        await saveSettings(tx, caller.schoolId, req.body);
        await audit(tx, caller.userId, 'school_settings_save', caller.userId);
      });
      const settings = await loadSettings(db, caller.schoolId);
      if (!settings) throw new HttpError(404, 'not_found');
      return { data: settings };
    },
  });
}
