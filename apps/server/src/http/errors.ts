import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, message, normalizeLocale } from '@sabaq/platform';
import type { ApiError, Locale, MessageKey } from '@sabaq/platform';
import { isUnavailable } from '../db/errors';

/**
 * An error a handler throws on purpose: a status of spec §8 and a catalogue message, with
 * optional field errors (422), redirect (302/423) and action. The error handler turns it into
 * the spec's body in the request's language.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly extra: {
      errors?: Record<string, MessageKey[]>;
      redirect?: string;
      action?: string;
      params?: Record<string, string | number>;
      /** Extra top-level fields (e.g. the current version on 409). */
      fields?: Record<string, unknown>;
      /** Field errors already in words (e.g. the engine's problems). */
      rawErrors?: Record<string, string[]>;
    } = {},
  ) {
    super(key);
  }

  toBody(locale: Locale): ApiError & Record<string, unknown> {
    const body: ApiError & Record<string, unknown> = {
      ...this.extra.fields,
      message: message(this.key, locale, this.extra.params),
    };
    if (this.extra.errors || this.extra.rawErrors) {
      const errors: Record<string, string[]> = { ...this.extra.rawErrors };
      for (const [field, keys] of Object.entries(this.extra.errors ?? {})) {
        errors[field] = [
          ...(errors[field] ?? []),
          ...keys.map((k) => message(k, locale, this.extra.params)),
        ];
      }
      body.errors = errors;
    }
    if (this.extra.redirect) body.redirect = this.extra.redirect;
    if (this.extra.action) body.action = this.extra.action;
    return body;
  }
}

/**
 * `text` with each `{name}` replaced by `params[name]`; a placeholder without a value stays as
 * written.
 */
export function withParams(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * An HttpError whose message comes from a feature's own kz/ru catalogue (the teaching core,
 * calendar plans, the AI assistant) instead of the platform's: `texts` is the entry, `params`
 * fill its placeholders. With `field` the body names that field too (422s). `key` is the
 * platform's key for the status (what logs and the base class see).
 */
export class CatalogueError extends HttpError {
  constructor(
    status: number,
    key: MessageKey,
    readonly texts: Readonly<Record<Locale, string>>,
    readonly field?: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(status, key);
  }

  override toBody(locale: Locale): ApiError & Record<string, unknown> {
    const text = withParams(this.texts[locale], this.params);
    return this.field ? { message: text, errors: { [this.field]: [text] } } : { message: text };
  }
}

/** 422 with one field error. */
export function fieldError(field: string, key: MessageKey): HttpError {
  return new HttpError(422, key, { errors: { [field]: [key] } });
}

function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES, value);
}

function valueAt(root: unknown, path: string): unknown {
  if (path === '') return root;
  let cur: unknown = root;
  for (const part of path.split('/')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/**
 * Zod issues → `{field: [messages]}` in the reader's language. Schema messages that are
 * catalogue keys are translated; zod's own English messages become generic catalogue ones.
 */
function validationBody(
  err: { validation: { keyword: string; instancePath: string; message?: string }[] },
  context: string,
  req: FastifyRequest,
): ApiError {
  const source = context === 'body' ? req.body : context === 'querystring' ? req.query : req.params;
  const errors: Record<string, string[]> = {};
  for (const issue of err.validation) {
    const path = issue.instancePath.replace(/^\//, '');
    const field = path === '' ? context : path.split('/').join('.');
    let key: MessageKey;
    if (issue.message && isMessageKey(issue.message)) key = issue.message;
    else if (issue.keyword === 'invalid_type' && valueAt(source, path) === undefined)
      key = 'field_required';
    else if (issue.keyword === 'too_big') key = 'field_too_long';
    else if (issue.keyword === 'unrecognized_keys') key = 'field_unknown';
    else key = 'field_invalid';
    const text = message(key, req.locale);
    const list = (errors[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return { message: message('validation_failed', req.locale), errors };
}

/**
 * Errors Fastify raises before a route is found (`frameworkErrors`): a path that does not decode
 * (a lone surrogate such as `%ED%A0%80`, a cut `%` escape) or a path parameter over the router's
 * length. Answered in the spec §8 shape, as a 422 naming `path`, like text no column can hold
 * in a body or query (text-guard.ts); the language comes from X-Localization, since no hook
 * has run yet.
 */
export function frameworkErrorHandler(
  err: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const lang = req.headers['x-localization'];
  const locale = normalizeLocale(Array.isArray(lang) ? lang[0] : lang);
  const key: MessageKey | null =
    err.code === 'FST_ERR_BAD_URL'
      ? 'text_invalid_chars'
      : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'field_too_long'
        : null;
  if (key === null) {
    req.log.error({ err }, 'router error');
    return reply.code(500).send({ message: message('generic', locale) });
  }
  return reply.code(422).send({
    message: message('validation_failed', locale),
    errors: { path: [message(key, locale)] },
  });
}

export function errorHandler(
  err: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const locale = req.locale ?? 'kz';
  if (err instanceof HttpError) {
    return reply.code(err.status).send(err.toBody(locale));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const context = (err as { validationContext?: string }).validationContext ?? 'body';
    return reply.code(422).send(validationBody(err, context, req));
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.code(422).send({
        message: message('invalid_json', locale),
        errors: { body: [message('invalid_json', locale)] },
      });
    default:
      break;
  }
  if (isUnavailable(err)) {
    // The database is away (db/errors.ts): nothing was done; the same call works once it is back.
    req.log.warn({ err: err.message }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({ message: message('server_unavailable', locale) });
  }
  const status = err.statusCode ?? 500;
  if (status === 429) {
    return reply.code(429).send({ message: message('rate_limited', locale) });
  }
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (unsupported media type, body too large, bad URL, …): keep
    // the status, answer with a readable message and never the internals.
    return reply.code(status).send({ message: message('field_invalid', locale) });
  }
  req.log.error({ err }, 'unhandled error');
  return reply.code(status === 502 ? 502 : 500).send({ message: message('generic', locale) });
}
