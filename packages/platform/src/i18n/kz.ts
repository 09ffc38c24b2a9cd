/**
 * Kazakh interface catalogue (spec §1: default language). Real Kazakh, with the attested terms of
 * shared/testdata/external/i18n where they exist (see i18n.test.ts). Keys are flat so that the
 * server's translations (GET /translations/{locale}) can override any of them one by one.
 */
export const kz = {
  'app.name': 'Sabaq',
  'app.loading': 'Жүктелуде…',
  'app.chunkReload': 'Қосымшаның жаңа нұсқасы жүктелуде…',

  'common.yes': 'Иә',
  'common.no': 'Жоқ',
  'common.cancel': 'Болдырмау',
  'common.close': 'Жабу',
  'common.save': 'Сақтау',
  'common.continue': 'Жалғастыру',
  'common.next': 'Келесі',
  'common.previous': 'Алдыңғы',
  'common.search': 'Іздеу',
  'common.noData': 'Деректер жоқ',

  'header.home': 'Басты бетке',
  'header.login': 'Кіру',
  'header.logout': 'Шығу',
  'header.tariffs': 'Тарифтер',
  'header.aiChat': 'ЖИ көмекшісі',
  'header.language': 'Интерфейс тілі',
  'header.profile': 'Жеке кабинет',

  'shell.skipToContent': 'Негізгі мазмұнға өту',
  'shell.breadcrumbs': 'Навигация жолы',
  'shell.menu': 'Негізгі мәзір',
  'shell.menuCollapse': 'Мәзірді жию',
  'shell.menuExpand': 'Мәзірді ашу',
  'shell.school': 'Мектеп',
  'shell.address': 'Мекенжай',
  'shell.bin': 'БСН',
  'shell.group': 'Сынып',
  'shell.kindergarten': 'Балабақша',
  'shell.kindergartenGroup': 'Топ',
  'shell.refusedRole':
    'Бет «{{page}}» сіздің рөліңізге ашылмайды, сондықтан сіз өз бетіңізге бағытталдыңыз.',
  'shell.refusedSubscription':
    '«{{page}}» бөлімі жазылыммен ғана ашылады: оны тарифтерден таңдауға болады.',
  'shell.refusedHome': 'Менің бастапқы бетім',
  'shell.refusedTariffs': 'Тарифтер',
  'shell.lockedTitle': 'Жазылымыңыздың мерзімі аяқталды',
  'shell.lockedText': 'Материалдарды құру және ашу үшін жазылымды ұзартыңыз.',
  'shell.lockedRenew': 'Тарифті таңдап, жазылымды ұзарту',
  'shell.serverUnavailable': 'Сервер уақытша қолжетімсіз. Біраздан соң қайталап көріңіз.',
  'shell.scrollTop': 'Беттің басына өту',
  'shell.menuOpen': 'Мәзір',
  'shell.menuClose': 'Мәзірді жабу',
  'shell.userMenu': 'Пайдаланушы мәзірі',
  'ui.passwordVisibility': 'Құпиясөзді көрсету немесе жасыру',
  'ui.scrollLeft': 'Солға жылжыту',
  'ui.scrollRight': 'Оңға жылжыту',
  'consultation.link': 'https://wa.me/77172554433',
  'consultation.title': 'Кеңес алу',
  'shell.demoNotice': 'Демо жазылым: мәтінді көшіруге болмайды',

  'menu.group.learning': 'Оқу',
  'menu.group.content': 'Оқу материалдары',
  'menu.group.school': 'Мектепті басқару',
  'menu.group.kindergarten': 'Балабақша',
  'menu.group.kindergartenManagement': 'Балабақшаны басқару',
  'menu.group.statistics': 'Статистика және мониторинг',
  'menu.group.other': 'Басқа',

  'footer.copyright': 'Sabaq',
  'footer.agreement': 'Пайдаланушы келісімі',
  'footer.support': 'Қолдау қызметі',
  'footer.support_email': 'support@sabaq.kz',
  'footer.support_phone': '+7 727 000 00 00',
  'footer.social': 'Әлеуметтік желілер',
  'footer.social.instagram': '',
  'footer.social.facebook': '',
  'footer.social.youtube': '',
  'footer.social.telegram': '',

  'notify.error.title': 'Қате',
  'notify.error.text': 'Қате орын алды, кейінірек көріңіз',
  'notify.warning.title': 'Маңызды!',
  'notify.success.title': 'Сәтті',
  'notify.success.text': 'Барлығы сәтті өтті',
  'notify.formInvalid': 'Форма дұрыс толтырылмаған, өрістерді тексеріңіз',

  'logout.confirmTitle': 'Бейнеконференциядан шығу',
  'logout.confirmText': 'Бейнеконференция жүріп жатыр. Жүйеден шынымен шығасыз ба?',

  'password.title': 'Құпиясөзді өзгерту',
  'password.defaultNotice':
    'Сіз бастапқы құпиясөзді пайдаланып отырсыз. Қауіпсіздік үшін оны жаңа құпиясөзге ауыстырыңыз.',
  'password.old': 'Ағымдағы құпиясөз',
  'password.new': 'Жаңа құпиясөз',
  'password.confirm': 'Жаңа құпиясөзді қайталаңыз',
  'password.rules':
    'Кемінде 8 таңба: кіші және бас әріп, сан және арнайы таңба болуы керек, бос орынсыз.',
  'password.changed': 'Құпиясөз сәтті өзгертілді',

  'validation.required': 'Өрісті толтырыңыз',
  'validation.code': 'Растау кодын енгізіңіз',

  'field.showPassword': 'Құпиясөзді көрсету',
  'field.hidePassword': 'Құпиясөзді жасыру',

  'ai.hints': 'Мысалы, сұраңыз:',
  'ai.hint.lesson': 'Сабақ жоспарын құруға көмектес',
  'ai.hint.task': 'Тақырып бойынша тапсырмалар ұсын',
  'ai.hint.explain': 'Тақырыпты оқушыға қарапайым тілмен түсіндір',
  'ai.question': 'Сұрағыңыз',
  'ai.send': 'Жіберу',
  'ai.keys': 'Enter — жіберу, Shift+Enter — жаңа жол',
  'ai.retry': 'Қайта жіберу',
  'ai.failed': 'Жауап алынбады',

  'login.title': 'Жүйеге кіру',
  'login.login': 'Пайдаланушы аты',
  'login.password': 'Құпиясөз',
  'login.submit': 'Кіру',
  'login.forgot': 'Құпиясөзді ұмыттыңыз ба?',
  'login.register': 'ЖСН арқылы тіркелу',
  'login.oauthError':
    'Сыртқы жүйе арқылы кіру сәтсіз аяқталды. Логин мен құпиясөзбен кіріп көріңіз.',
  'login.noRole': 'Пайдаланушы рөлі анықталмады. Қайта кіріп көріңіз.',

  'behalf.failed': 'Пайдаланушының атынан кіру мүмкін болмады',
  'behalf.title': 'Басқа пайдаланушының атынан кіру',
  'behalf.question':
    'Сіз {{name}} ({{role}}{{group}}) атынан кіресіз. Бұл әрекет журналға жазылады. Жалғастырасыз ба?',
  'behalf.confirm': 'Иә, атынан кіру',
  'behalf.cancel': 'Бас тарту',
  'behalf.role.student': 'оқушы',
  'behalf.role.teacher': 'мұғалім',

  'registration.title': 'ЖСН арқылы тіркелу',
  'registration.iin': 'ЖСН',
  'registration.surname': 'Тегі',
  'registration.firstname': 'Аты',
  'registration.email': 'Электрондық пошта',
  'registration.password': 'Құпиясөз',
  'registration.passwordConfirm': 'Құпиясөзді қайталаңыз',
  'registration.submit': 'Тіркелу',
  'registration.confirmTitle': 'Тіркелуді растау',
  'registration.confirmHint':
    'Поштаңызға хат жіберілді: онда растау коды немесе келесі қадам жазылған (мысалы, тіркелгі бұрыннан бар болса)',
  'registration.code': 'Растау коды',
  'registration.confirmSubmit': 'Растау',
  'registration.done': 'Тіркелу аяқталды. Сіз жүйеге кірдіңіз.',

  'forgot.title': 'Құпиясөзді қалпына келтіру',
  'forgot.hint':
    'Электрондық поштаңызды енгізіңіз, біз құпиясөзді қалпына келтіру сілтемесін жібереміз.',
  'forgot.email': 'Электрондық пошта',
  'forgot.submit': 'Сілтеме жіберу',
  'forgot.sent': 'Сілтеме электрондық поштаңызға жіберілді',
  'forgot.back': 'Кіру бетіне оралу',
  'reset.title': 'Жаңа құпиясөз орнату',
  'reset.submit': 'Сақтау',
  'reset.done': 'Құпиясөз жаңартылды. Жаңа құпиясөзбен кіріңіз.',
  'reset.noToken': 'Сілтеме жарамсыз немесе мерзімі өтіп кеткен. Жаңа сілтеме сұратыңыз.',

  'main.title': 'Мектептер мен балабақшаларға арналған оқу платформасы',
  'main.subtitle':
    'Сабақ кестесі, үй тапсырмасы, электрондық журнал, мұғалім мен оқушы арасындағы чат және сабақ құрастырушысы — бәрі бір жерде.',
  'landing.feature.schedule': 'Сабақ кестесі және онлайн сабақтар',
  'landing.feature.homework': 'Үй тапсырмасы және оны тексеру',
  'landing.feature.journal': 'Электрондық журнал және статистика',
  'landing.feature.builder': 'Сабақтар, дәрістер, БЖБ және ТЖБ құрастырушысы',
  'landing.cta': 'Жүйеге кіру',
  'landing.audiences': 'Платформа кімге қалай көмектеседі',
  'landing.teachers': 'Мұғалімдерге',
  'landing.teachers.text':
    'Сабақ кестесі мен КТЖ бір жерде; сабақтар, дәрістер, БЖБ мен ТЖБ құрастырушысы әріптестермен бірге өңдеу мүмкіндігімен; үй тапсырмасын тексеру және бағаны журналға бірден қою; онлайн сабақ пен сабақ чаты.',
  'landing.pupils': 'Оқушылар мен ата-аналарға',
  'landing.pupils.text':
    'Күнделікті кесте, үй тапсырмасы мен оның мерзімі, бағалар күнделігі, БЖБ мен ТЖБ-ны уақыт шегімен тапсыру, мұғаліммен чат — телефоннан да ыңғайлы.',
  'landing.leaders': 'Директорлар мен орынбасарларға',
  'landing.leaders.text':
    'Сыныптар, қызметкерлер, сабақ кестесі және оқу жылын ауыстыру; білім сапасы мен үлгерім статистикасы; Excel-мен импорт пен экспорт.',
  'landing.kindergartens': 'Балабақшаларға',
  'landing.kindergartens.text':
    'Циклограмма мен перспективалық жоспар, даму картасы, баланың жеке даму картасы және әдістемелік материалдар мектепке дейінгі стандарт бойынша.',
  'landing.authorities': 'Білім басқармаларына',
  'landing.authorities.text':
    'Мектептер бойынша статистика аудан, облыс және ел деңгейінде, мониторинг сауалнамалары және есептерді Excel пен PDF-ке шығару.',
  'landing.banners': 'Жаңалықтар мен ұсыныстар',

  'notFound.title': 'Бет табылмады',
  'notFound.text': 'Сіз іздеген бет жоқ немесе басқа мекенжайға көшірілген.',
  'notFound.home': 'Басты бетке оралу',

  'coming.title': 'Бұл бөлім жақында ашылады',
  'coming.text': 'Біз бұл бөлімнің үстінде жұмыс істеп жатырмыз.',

  'locked.title': 'Жазылым бұғатталған',
  'locked.text':
    'Жазылымыңыздың мерзімі аяқталды немесе ол бұғатталды. Жұмысты жалғастыру үшін тарифті таңдаңыз.',
  'locked.tariffs': 'Тарифті таңдау',
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof kz;
export type Catalogue = Readonly<Record<MessageKey, string>>;
