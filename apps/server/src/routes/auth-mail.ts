import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { JobRunner } from '../jobs/job-runner';
import type { JobContext } from '../jobs/job-runner';
import { newToken, sha256 } from '../auth/passwords';
import type { App, AppContext } from '../http/context';
import { publicBase } from '../http/context';

/**
 * The letters of password recovery and registration, written after the answer (issue 28).
 *
 * `auth/password/forgot` and `auth/register` answer the same whether the address or IIN
 * belongs to an account, and take the same time: the route validates, queues one job row with
 * what was asked — the same single insert either way — and answers. Looking the account up and
 * writing the letter (a reset link, a registration code, or what happened: "someone tried to
 * register with your address") is this job's, so nothing of it shows in the answer or its time.
 *
 * The jobs run on a runner of their own: the shared one (jobs/job-runner.ts) runs one job at a
 * time, and a letter must not wait behind a long import. A letter queued by a process that
 * stopped is sent by the next poll of any process. The payload (with a registration's password
 * hash) is emptied when the job is done.
 */
export const AUTH_MAIL_JOB = 'auth-mail';

export type AuthMailRequest =
  | { what: 'forgot'; email: string; locale: Locale }
  | {
      what: 'register';
      locale: Locale;
      iin: string;
      email: string;
      firstname: string;
      surname: string;
      lastname: string | null;
      phone: string | null;
      passwordHash: string;
    };

const RUNNERS = new WeakMap<object, JobRunner>();

/** Queues one letter's work; the caller answers at once. */
export async function queueAuthMail(ctx: AppContext, request: AuthMailRequest): Promise<void> {
  const runner = RUNNERS.get(ctx.db);
  if (!runner) throw new Error('auth mail: registerAuthMail was not called');
  await runner.enqueue({ kind: AUTH_MAIL_JOB, schoolId: null, createdBy: null, payload: request });
}

/** The runner of these letters, started with the routes and stopped when the server closes. */
export function registerAuthMail(app: App, ctx: AppContext): void {
  // Enqueueing starts a job at once; the poll only picks up what a stopped process left.
  const runner = new JobRunner(ctx.db, 10_000);
  runner.handle(AUTH_MAIL_JOB, (job) => writeLetter(ctx, job));
  RUNNERS.set(ctx.db, runner);
  runner.start(app.log);
  app.addHook('onClose', async () => {
    RUNNERS.delete(ctx.db);
    await runner.stop();
  });
}

async function writeLetter(ctx: AppContext, job: JobContext): Promise<void> {
  const request = job.job.payload as AuthMailRequest;
  await job.db.transaction(async (tx) => {
    if (request.what === 'forgot') await forgotLetter(ctx, tx, request);
    else await registerLetters(ctx, tx, request);
    // Nothing of the request stays in the jobs table (an address, a password hash).
    await tx.query(`UPDATE jobs SET payload = '{}'::jsonb WHERE id = $1`, [job.job.id]);
    await job.complete(tx, null);
  });
}

/** Queues a letter: the outbox table is the record; the log shows it in development. */
export async function sendMail(
  q: Queryable,
  log: FastifyBaseLogger | null,
  kind: string,
  to: string,
  subject: string,
  body: string,
): Promise<void> {
  await q.query('INSERT INTO outbox (kind, recipient, subject, body) VALUES ($1, $2, $3, $4)', [
    kind,
    to,
    subject,
    body,
  ]);
  log?.info({ mail: { kind, to, subject } }, 'mail queued in outbox');
}

/** Links in letters: from configuration only, never a request's Host header. */
function links(ctx: AppContext, locale: Locale) {
  const base = `${publicBase(ctx.config)}/${locale === 'kz' ? 'kk' : 'ru'}`;
  return { base, login: `${base}/login`, forgot: `${base}/login/forgot` };
}

/** A reset link to an address that has an account; nothing to one that has none. */
async function forgotLetter(
  ctx: AppContext,
  tx: Queryable,
  request: Extract<AuthMailRequest, { what: 'forgot' }>,
): Promise<void> {
  const rows = await tx.query<{ id: number }>(
    'SELECT id FROM users WHERE lower(email) = $1 ORDER BY id LIMIT 1',
    [request.email],
  );
  const user = rows[0];
  if (!user) return;
  const token = newToken();
  const link = `${links(ctx, request.locale).base}/login/forgot/reset?token=${token}`;
  await tx.query(
    "INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')",
    [sha256(token), user.id],
  );
  const kz = request.locale === 'kz';
  await sendMail(
    tx,
    null,
    'password-reset',
    request.email,
    kz ? 'Құпиясөзді қалпына келтіру' : 'Восстановление пароля',
    kz
      ? `Жаңа құпиясөз орнату үшін сілтемеге өтіңіз (1 сағат жарамды): ${link}`
      : `Чтобы задать новый пароль, перейдите по ссылке (действует 1 час): ${link}`,
  );
}

/**
 * A registration's letter says what happened: the code (a new registration); "someone tried to
 * register with your address" (the address has an account: to that address, which is its
 * owner's); "this IIN already has an account" to the address given, and "someone tried to
 * register with your IIN" to that account's own address; or "a registration with this IIN is
 * waiting for its code" (a pending one is never replaced before it expires, nor its attempts
 * reset).
 */
async function registerLetters(
  ctx: AppContext,
  tx: Queryable,
  r: Extract<AuthMailRequest, { what: 'register' }>,
): Promise<void> {
  const kz = r.locale === 'kz';
  const l = links(ctx, r.locale);
  const taken = await tx.query<{ iin: string | null; email: string | null }>(
    'SELECT iin, email FROM users WHERE iin = $1 OR lower(email) = $2',
    [r.iin, r.email],
  );
  const subject = kz ? 'Sabaq платформасында тіркелу' : 'Регистрация на платформе Sabaq';
  if (taken.some((t) => t.email?.toLowerCase() === r.email)) {
    await sendMail(
      tx,
      null,
      'register-attempt',
      r.email,
      subject,
      kz
        ? `Біреу Sabaq платформасында сіздің электрондық поштаңызбен тіркелмек болды. Егер бұл сіз болсаңыз — сізде тіркелгі бар: кіріңіз (${l.login}) немесе құпиясөзді қалпына келтіріңіз (${l.forgot}). Егер сіз болмасаңыз — ештеңе істеудің қажеті жоқ, тіркелгіңіз өзгерген жоқ.`
        : `Кто-то пытался зарегистрироваться на платформе Sabaq с вашим адресом электронной почты. Если это были вы — учётная запись у вас уже есть: войдите (${l.login}) или восстановите пароль (${l.forgot}). Если нет — ничего делать не нужно, ваша учётная запись не изменилась.`,
    );
    return;
  }
  const owner = taken.find((t) => t.iin === r.iin);
  if (owner) {
    await sendMail(
      tx,
      null,
      'register-iin-taken',
      r.email,
      subject,
      kz
        ? `Sabaq платформасында осы мекенжаймен тіркелу басталды, бірақ көрсетілген ЖСН-мен тіркелгі бұрыннан бар, сондықтан жаңасы ашылған жоқ. Егер бұл сіздің ЖСН-іңіз болса, кіріңіз (${l.login}) немесе құпиясөзді қалпына келтіріңіз (${l.forgot}); ЖСН қате жазылса, тіркелуді қайта бастаңыз.`
        : `На платформе Sabaq начали регистрацию с этим адресом, но учётная запись с указанным ИИН уже есть, поэтому новая не создана. Если это ваш ИИН, войдите (${l.login}) или восстановите пароль (${l.forgot}); если ИИН указан с ошибкой, начните регистрацию заново.`,
    );
    if (owner.email)
      await sendMail(
        tx,
        null,
        'register-attempt',
        owner.email.toLowerCase(),
        subject,
        kz
          ? `Біреу Sabaq платформасында сіздің ЖСН-іңізбен басқа поштаға тіркелмек болды. Жаңа тіркелгі ашылған жоқ, сіздің тіркелгіңіз өзгерген жоқ. Егер бұл сіз болмасаңыз, ештеңе істеудің қажеті жоқ.`
          : `Кто-то пытался зарегистрироваться на платформе Sabaq с вашим ИИН и другим адресом почты. Новая учётная запись не создана, ваша не изменилась. Если это были не вы, ничего делать не нужно.`,
      );
    return;
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const placed = await tx.query<{ iin: string }>(
    `INSERT INTO registrations (iin, data, code_hash, attempts, expires_at)
       VALUES ($1, $2, $3, 0, now() + interval '30 minutes')
       ON CONFLICT (iin) DO UPDATE SET data = EXCLUDED.data, code_hash = EXCLUDED.code_hash,
         attempts = 0, expires_at = EXCLUDED.expires_at
       WHERE registrations.expires_at <= now()
       RETURNING iin`,
    [
      r.iin,
      JSON.stringify({
        firstname: r.firstname,
        surname: r.surname,
        lastname: r.lastname,
        email: r.email,
        phone: r.phone,
        passwordHash: r.passwordHash,
      }),
      sha256(`${r.iin}:${code}`),
    ],
  );
  if (placed.length === 0) {
    const pending = await tx.query<{ minutes: number }>(
      'SELECT ceil(extract(epoch FROM expires_at - now()) / 60)::int AS minutes FROM registrations WHERE iin = $1',
      [r.iin],
    );
    const minutes = Math.max(1, pending[0]?.minutes ?? 1);
    await sendMail(
      tx,
      null,
      'register-pending',
      r.email,
      subject,
      kz
        ? `Осы ЖСН бойынша тіркелу растауды күтіп тұр: код бұрын сол кезде көрсетілген мекенжайға жіберілген. Сол кодты енгізіңіз немесе тіркелуді ${minutes} минуттан кейін қайта бастаңыз.`
        : `Регистрация с этим ИИН уже ждёт подтверждения: код отправлен раньше на адрес, указанный тогда. Введите этот код или начните регистрацию заново через ${minutes} мин.`,
    );
    return;
  }
  await sendMail(
    tx,
    null,
    'register-code',
    r.email,
    kz ? 'Тіркеуді растау коды' : 'Код подтверждения регистрации',
    kz
      ? `Sabaq платформасында тіркелуді растау коды: ${code} (30 минут жарамды)`
      : `Код подтверждения регистрации на платформе Sabaq: ${code} (действует 30 минут)`,
  );
}
