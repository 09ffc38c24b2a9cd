/** Lookups shared by the option families: a module whose option set is of a given kind. */
import type {
  ChoiceOptions,
  ConnectionOptions,
  Draft,
  Module,
  OptionKind,
  SelectOptions,
} from '../model.js';
import { findModule, reject, unknown, type Ctx, type Outcome } from '../reducer/context.js';

type OptionsOf<K extends OptionKind> = K extends 'select'
  ? SelectOptions
  : K extends 'choice'
    ? ChoiceOptions
    : ConnectionOptions;

export function moduleWithOptions<K extends OptionKind>(
  d: Draft,
  ctx: Ctx,
  moduleId: string,
  kind: K,
): { module: Module; options: OptionsOf<K> } | Outcome {
  const loc = findModule(d, ctx, moduleId);
  if (!loc) return unknown('moduleId', moduleId);
  const o = loc.module.options;
  if (o?.kind !== kind)
    return reject('wrong_kind', `module ${moduleId} has no ${kind} options`, 'moduleId', {
      id: moduleId,
      expected: kind,
      actual: o?.kind ?? null,
    });
  return { module: loc.module, options: o as OptionsOf<K> };
}

export function isFound<T extends object>(x: T | Outcome): x is T {
  return !('ok' in x);
}
