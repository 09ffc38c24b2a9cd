import type { Role, SessionUser } from '@sabaq/platform';

/** A session user as GET /user-info returns it (spec §3), with overrides. */
export function sessionUser(role: Role, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    token: 'token-123456789012345678901234',
    userId: 41,
    iin: '880723410026',
    chatToken: null,
    position: role === 'student' ? null : 'Математика пәнінің мұғалімі',
    role,
    group: role === 'student' ? { name: '7А' } : null,
    gender: 'f',
    firstname: 'Гүлнар',
    surname: 'Ахметова',
    lastname: null,
    photo: null,
    avatar: null,
    quarter: 2,
    school: {
      name: 'Астана қаласының № 54 мектеп-лицейі',
      address: 'Астана қ., Тұран даңғылы, 37',
      bin: '060940012343',
    },
    bornDate: '11.02.1985',
    defaultPass: false,
    regionId: 1,
    departmentId: 1,
    balance: 0,
    phone: null,
    email: null,
    subscription: null,
    subscriptions: [],
    hasSubscription: false,
    ...overrides,
  };
}
