import type { Catalogue } from './kz';

/** Russian interface catalogue; the type makes it carry exactly the keys of the Kazakh one. */
export const ru: Catalogue = {
  'app.name': 'Sabaq',
  'app.loading': 'Загрузка…',
  'app.chunkReload': 'Загружается новая версия приложения…',

  'common.yes': 'Да',
  'common.no': 'Нет',
  'common.cancel': 'Отмена',
  'common.close': 'Закрыть',
  'common.save': 'Сохранить',
  'common.continue': 'Продолжить',
  'common.next': 'Далее',
  'common.previous': 'Назад',
  'common.search': 'Поиск',
  'common.noData': 'Нет данных',

  'header.home': 'На главную',
  'header.login': 'Войти',
  'header.logout': 'Выход',
  'header.tariffs': 'Тарифы',
  'header.aiChat': 'ИИ-помощник',
  'header.language': 'Язык интерфейса',
  'header.profile': 'Личный кабинет',

  'shell.skipToContent': 'Перейти к основному содержимому',
  'shell.breadcrumbs': 'Навигационная цепочка',
  'shell.menu': 'Главное меню',
  'shell.menuCollapse': 'Свернуть меню',
  'shell.menuExpand': 'Развернуть меню',
  'shell.school': 'Школа',
  'shell.address': 'Адрес',
  'shell.bin': 'БИН',
  'shell.group': 'Класс',
  'shell.serverUnavailable': 'Сервер временно недоступен. Попробуйте немного позже.',
  'shell.scrollTop': 'Наверх',
  'consultation.link': 'https://wa.me/77172554433',
  'consultation.title': 'Консультация',
  'shell.demoNotice': 'Демо-подписка: копирование текста недоступно',

  'menu.group.learning': 'Обучение',
  'menu.group.content': 'Учебные материалы',
  'menu.group.school': 'Управление школой',
  'menu.group.kindergarten': 'Детский сад',
  'menu.group.statistics': 'Статистика и мониторинг',
  'menu.group.other': 'Другое',

  'footer.copyright': 'Sabaq',
  'footer.agreement': 'Пользовательское соглашение',
  'footer.support': 'Служба поддержки',
  'footer.support_email': 'support@sabaq.kz',
  'footer.support_phone': '+7 727 000 00 00',
  'footer.social': 'Социальные сети',
  'footer.social.instagram': '',
  'footer.social.facebook': '',
  'footer.social.youtube': '',
  'footer.social.telegram': '',

  'notify.error.title': 'Ошибка',
  'notify.error.text': 'Произошла ошибка, попробуйте позднее',
  'notify.warning.title': 'Важно!',
  'notify.success.title': 'Успешно',
  'notify.success.text': 'Все прошло успешно',
  'notify.formInvalid': 'Форма заполнена неверно, проверьте поля',

  'logout.confirmTitle': 'Выход из видеоконференции',
  'logout.confirmText': 'Идёт видеоконференция. Вы действительно хотите выйти из системы?',

  'password.title': 'Смена пароля',
  'password.defaultNotice':
    'Вы используете пароль по умолчанию. Для безопасности замените его на новый.',
  'password.old': 'Текущий пароль',
  'password.new': 'Новый пароль',
  'password.confirm': 'Повторите новый пароль',
  'password.rules':
    'Не меньше 8 символов: строчная и заглавная буква, цифра и спецсимвол, без пробелов.',
  'password.changed': 'Пароль успешно изменён',

  'validation.required': 'Заполните поле',
  'validation.code': 'Введите код подтверждения',

  'field.showPassword': 'Показать пароль',
  'field.hidePassword': 'Скрыть пароль',

  'ai.hints': 'Например, спросите:',
  'ai.hint.lesson': 'Помоги составить план урока',
  'ai.hint.task': 'Предложи задания по теме',
  'ai.hint.explain': 'Объясни тему ученику простыми словами',
  'ai.question': 'Ваш вопрос',
  'ai.send': 'Отправить',
  'ai.keys': 'Enter — отправить, Shift+Enter — новая строка',
  'ai.retry': 'Отправить ещё раз',
  'ai.failed': 'Ответ не получен',

  'login.title': 'Вход в систему',
  'login.login': 'Имя пользователя',
  'login.password': 'Пароль',
  'login.submit': 'Войти',
  'login.forgot': 'Забыли пароль?',
  'login.register': 'Регистрация по ИИН',
  'login.oauthError':
    'Не удалось войти через внешнюю систему. Попробуйте войти по логину и паролю.',
  'login.noRole': 'Роль пользователя не определена. Попробуйте войти ещё раз.',

  'behalf.failed': 'Не удалось войти от имени пользователя',

  'registration.title': 'Регистрация по ИИН',
  'registration.iin': 'ИИН',
  'registration.surname': 'Фамилия',
  'registration.firstname': 'Имя',
  'registration.email': 'Электронная почта',
  'registration.password': 'Пароль',
  'registration.passwordConfirm': 'Повторите пароль',
  'registration.submit': 'Зарегистрироваться',
  'registration.confirmTitle': 'Подтверждение регистрации',
  'registration.confirmHint': 'Код подтверждения отправлен на вашу электронную почту',
  'registration.code': 'Код подтверждения',
  'registration.confirmSubmit': 'Подтвердить',
  'registration.done': 'Регистрация завершена. Теперь вы можете войти.',

  'forgot.title': 'Восстановление пароля',
  'forgot.hint': 'Введите электронную почту, и мы отправим ссылку для восстановления пароля.',
  'forgot.email': 'Электронная почта',
  'forgot.submit': 'Отправить ссылку',
  'forgot.sent': 'Ссылка отправлена на вашу электронную почту',
  'forgot.back': 'Вернуться ко входу',
  'reset.title': 'Установка нового пароля',
  'reset.submit': 'Сохранить',
  'reset.done': 'Пароль обновлён. Войдите с новым паролем.',
  'reset.noToken': 'Ссылка недействительна или устарела. Запросите новую ссылку.',

  'main.title': 'Образовательная платформа для школ и детских садов',
  'main.subtitle':
    'Расписание, домашние задания, электронный журнал, чат учителя и ученика и конструктор уроков — всё в одном месте.',
  'landing.feature.schedule': 'Расписание и онлайн-уроки',
  'landing.feature.homework': 'Домашние задания и их проверка',
  'landing.feature.journal': 'Электронный журнал и статистика',
  'landing.feature.builder': 'Конструктор уроков, лекций, СОР и СОЧ',
  'landing.cta': 'Войти в систему',

  'agreement.title': 'Пользовательское соглашение',
  'agreement.p1':
    'Пользуясь платформой, вы принимаете условия этого соглашения. Платформа предназначена для учебного процесса школ и детских садов.',
  'agreement.p2':
    'Пользователь отвечает за сохранность своих учётных данных и не передаёт их третьим лицам.',
  'agreement.p3':
    'Персональные данные обрабатываются только в учебных целях в соответствии с законодательством Республики Казахстан.',

  'notFound.title': 'Страница не найдена',
  'notFound.text': 'Страницы, которую вы ищете, нет или она переехала по другому адресу.',
  'notFound.home': 'Вернуться на главную',

  'coming.title': 'Этот раздел скоро появится',
  'coming.text': 'Мы работаем над этим разделом.',

  'locked.title': 'Подписка заблокирована',
  'locked.text':
    'Срок подписки истёк или она заблокирована. Чтобы продолжить работу, выберите тариф.',
  'locked.tariffs': 'Выбрать тариф',
};
