import type {
  AssessmentStage,
  DevelopmentAssessInput,
  DevelopmentCard,
  DevelopmentGroup,
  DevelopmentNoteInput,
} from '@sabaq/platform';
import { api } from '../../app/services';
import { failure, path, useLoad } from '../shared/api';

/** Calls of the individual developmental cards (issue 15); paths from the policy table. */

export const useGroups = (stage: AssessmentStage) =>
  useLoad<{ stage: AssessmentStage; groups: DevelopmentGroup[] }>(path('development.groups'), {
    stage,
  });

export const useGroup = (groupId: number, stage: AssessmentStage) =>
  useLoad<{ stage: AssessmentStage; group: DevelopmentGroup }>(
    path('development.group', { groupId }),
    { stage },
  );

export const useMap = (stage: AssessmentStage) =>
  useLoad<{ stage: AssessmentStage; groups: DevelopmentGroup[] }>(path('development.map'), {
    stage,
  });

export const useCard = (userId: number) =>
  useLoad<DevelopmentCard>(path('development.card', { userId }));

/** `PUT cards/{userId}`: the card as it is after the change, or the server's message. */
export async function assess(
  userId: number,
  body: DevelopmentAssessInput,
): Promise<{ ok: true; card: DevelopmentCard } | { ok: false; message: string }> {
  const r = await api.put<{ data: DevelopmentCard }>(path('development.assess', { userId }), body, {
    handle: 'silent',
  });
  return r.error ? { ok: false, message: failure(r) } : { ok: true, card: r.data.data };
}

export interface GardenLine {
  groupId: number;
  name: string;
  children: number;
  filled: number;
  level1: number;
  level2: number;
  level3: number;
}

/** `POST questionnaire/completion/garden`: kindergarten monitoring per group for a stage. */
export async function gardenCompletion(
  stage: AssessmentStage,
): Promise<{ ok: true; groups: GardenLine[] } | { ok: false; message: string }> {
  const r = await api.post<{ data: { groups: GardenLine[] } }>(
    path('questionnaire.completionGarden'),
    { stage },
    { handle: 'silent' },
  );
  return r.error ? { ok: false, message: failure(r) } : { ok: true, groups: r.data.data.groups };
}

/** `PUT cards/{userId}/notes`: the card after the change, or the message and field errors. */
export async function saveNote(
  userId: number,
  body: DevelopmentNoteInput,
): Promise<
  | { ok: true; card: DevelopmentCard }
  | { ok: false; message: string; errors: Record<string, string[]> }
> {
  const r = await api.put<{ data: DevelopmentCard }>(path('development.note', { userId }), body, {
    handle: 'silent',
  });
  if (!r.error) return { ok: true, card: r.data.data };
  return {
    ok: false,
    message: failure(r),
    errors: (r.data?.errors as Record<string, string[]> | undefined) ?? {},
  };
}
