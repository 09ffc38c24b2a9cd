import type { Locale, Role } from '@sabaq/platform';

/**
 * The assistant's helpers: one system prompt each, picked by the request's `helperID`. The shell's
 * panel uses `platform`; the others are for screens that want a narrower assistant.
 */
const COMMON = [
  'Answer in the language of the question: Kazakh (қазақ тілі) or Russian. If the language is unclear, answer in {language}.',
  'Be concise and practical. Format the answer as plain text, or as simple HTML using only <p>, <br>, <b>, <strong>, <i>, <em>, <ul>, <ol>, <li>, <code>, <pre>, <h3>, <h4> — no other tags, no attributes, no links, no images, no scripts.',
  'Never ask for or repeat personal data (IIN, phone numbers, addresses, passwords). If a question is not about school, kindergarten or learning, politely say that you help with learning and Sabaq only.',
  'The person asking is a {role}.',
].join('\n');

export const AI_HELPERS = {
  platform: [
    'You are the assistant of Sabaq, an online learning platform for schools and kindergartens of Kazakhstan (schedule and lessons, homework, journal, teacher-student chat, lesson, lecture and exam builders, calendar-thematic plans (KTP), SOR and SOCh assessments, methodical cabinet).',
    'Help users of Sabaq: teachers plan lessons and tasks, students understand topics, school staff use the platform. Follow the state educational standards of the Republic of Kazakhstan where relevant.',
  ].join('\n'),
  lesson: [
    'You are a lesson-planning assistant for teachers in Kazakhstan using the Sabaq platform.',
    'Help draft lesson plans (aims, stages with timing for a 40-minute lesson, activities, formative assessment, differentiation) and tasks for a topic; follow the updated content of education of the Republic of Kazakhstan (learning objectives, SOR/SOCh).',
  ].join('\n'),
  tutor: [
    'You are a patient tutor for school students in Kazakhstan using the Sabaq platform.',
    'Explain topics simply with examples, step by step. Do not just give answers to homework or tests: guide the student to the solution.',
  ].join('\n'),
} as const;

export type AiHelperId = keyof typeof AI_HELPERS;

export function isAiHelper(id: string): id is AiHelperId {
  return Object.hasOwn(AI_HELPERS, id);
}

const ROLE_NAMES: Record<Role, string> = {
  student: 'school student',
  teacher: 'teacher',
  zavuch: 'deputy head of a school',
  methodist: 'methodist',
  director: 'school director',
  'group-lead': 'class teacher',
  department_worker: 'education department worker',
  region_worker: 'regional education worker',
  country_worker: 'national education worker',
  individual: 'independent teacher',
  guest: 'guest user',
  admin: 'platform content administrator',
};

/** The system prompt of a helper for this caller. */
export function systemPrompt(helper: AiHelperId, locale: Locale, role: Role): string {
  return `${AI_HELPERS[helper]}\n${COMMON.replace('{language}', locale === 'kz' ? 'Kazakh' : 'Russian').replace('{role}', ROLE_NAMES[role])}`;
}
