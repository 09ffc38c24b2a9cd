/**
 * Kazakhstan's administrative tree for the statistics and monitoring demo data (issue 16): the
 * three cities of republican significance and the seventeen regions (as of the 2022 reform that
 * created Abai, Jetisu and Ulytau regions), each with real districts and cities of regional
 * significance. Every district or city here has its own education department (білім бөлімі /
 * отдел образования), which is the `departments` level of the platform's tree.
 *
 * Not every district of every region is listed: enough real ones that a drill-down from the
 * country to a class means something; the large generator (`seed:scale`) spreads its schools
 * over these.
 */

export interface Place {
  readonly kz: string;
  readonly ru: string;
}

export interface AdminRegion extends Place {
  /** A city of republican significance or a region (облыс / область). */
  readonly kind: 'city' | 'region';
  /** Its districts and cities of regional significance. */
  readonly districts: readonly Place[];
}

const city = (kz: string, ru: string): Place => ({ kz: `${kz} қаласы`, ru: `город ${ru}` });
const district = (kz: string, ru: string): Place => ({ kz: `${kz} ауданы`, ru: `${ru} район` });
/** A district of a city of republican significance: «Есіл ауданы» / «район Есиль». */
const cityDistrict = (kz: string, ru: string): Place => ({ kz: `${kz} ауданы`, ru: `район ${ru}` });

export const ADMIN_TREE: readonly AdminRegion[] = [
  {
    kind: 'city',
    kz: 'Астана қаласы',
    ru: 'город Астана',
    districts: [
      cityDistrict('Алматы', 'Алматы'),
      cityDistrict('Байқоңыр', 'Байконур'),
      cityDistrict('Есіл', 'Есиль'),
      cityDistrict('Сарыарқа', 'Сарыарка'),
      cityDistrict('Нұра', 'Нура'),
    ],
  },
  {
    kind: 'city',
    kz: 'Алматы қаласы',
    ru: 'город Алматы',
    districts: [
      district('Алатау', 'Алатауский'),
      district('Алмалы', 'Алмалинский'),
      district('Әуезов', 'Ауэзовский'),
      district('Бостандық', 'Бостандыкский'),
      district('Жетісу', 'Жетысуский'),
      district('Медеу', 'Медеуский'),
      district('Наурызбай', 'Наурызбайский'),
      district('Түрксіб', 'Турксибский'),
    ],
  },
  {
    kind: 'city',
    kz: 'Шымкент қаласы',
    ru: 'город Шымкент',
    districts: [
      district('Абай', 'Абайский'),
      district('Әл-Фараби', 'Аль-Фарабийский'),
      district('Еңбекші', 'Енбекшинский'),
      district('Қаратау', 'Каратауский'),
      district('Тұран', 'Туранский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Абай облысы',
    ru: 'область Абай',
    districts: [
      city('Семей', 'Семей'),
      city('Курчатов', 'Курчатов'),
      district('Аягөз', 'Аягозский'),
      district('Бесқарағай', 'Бескарагайский'),
      district('Бородулиха', 'Бородулихинский'),
      district('Жарма', 'Жарминский'),
      district('Үржар', 'Урджарский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Ақмола облысы',
    ru: 'Акмолинская область',
    districts: [
      city('Көкшетау', 'Кокшетау'),
      city('Степногорск', 'Степногорск'),
      district('Ақкөл', 'Аккольский'),
      district('Аршалы', 'Аршалынский'),
      district('Атбасар', 'Атбасарский'),
      district('Бурабай', 'Бурабайский'),
      district('Целиноград', 'Целиноградский'),
      district('Шортанды', 'Шортандинский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Ақтөбе облысы',
    ru: 'Актюбинская область',
    districts: [
      city('Ақтөбе', 'Актобе'),
      district('Алға', 'Алгинский'),
      district('Қарғалы', 'Каргалинский'),
      district('Мұғалжар', 'Мугалжарский'),
      district('Хромтау', 'Хромтауский'),
      district('Шалқар', 'Шалкарский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Алматы облысы',
    ru: 'Алматинская область',
    districts: [
      city('Қонаев', 'Конаев'),
      district('Еңбекшіқазақ', 'Енбекшиказахский'),
      district('Жамбыл', 'Жамбылский'),
      district('Іле', 'Илийский'),
      district('Қарасай', 'Карасайский'),
      district('Талғар', 'Талгарский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Атырау облысы',
    ru: 'Атырауская область',
    districts: [
      city('Атырау', 'Атырау'),
      district('Жылыой', 'Жылыойский'),
      district('Индер', 'Индерский'),
      district('Исатай', 'Исатайский'),
      district('Мақат', 'Макатский'),
      district('Махамбет', 'Махамбетский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Батыс Қазақстан облысы',
    ru: 'Западно-Казахстанская область',
    districts: [
      city('Орал', 'Уральск'),
      district('Ақжайық', 'Акжаикский'),
      district('Бөрлі', 'Бурлинский'),
      district('Бәйтерек', 'Байтерекский'),
      district('Сырым', 'Сырымский'),
      district('Теректі', 'Теректинский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Жамбыл облысы',
    ru: 'Жамбылская область',
    districts: [
      city('Тараз', 'Тараз'),
      district('Байзақ', 'Байзакский'),
      district('Жуалы', 'Жуалынский'),
      district('Қордай', 'Кордайский'),
      district('Меркі', 'Меркенский'),
      district('Шу', 'Шуский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Жетісу облысы',
    ru: 'область Жетісу',
    districts: [
      city('Талдықорған', 'Талдыкорган'),
      city('Текелі', 'Текели'),
      district('Ақсу', 'Аксуский'),
      district('Алакөл', 'Алакольский'),
      district('Қаратал', 'Каратальский'),
      district('Панфилов', 'Панфиловский'),
      district('Сарқан', 'Саркандский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Қарағанды облысы',
    ru: 'Карагандинская область',
    districts: [
      city('Қарағанды', 'Караганда'),
      city('Теміртау', 'Темиртау'),
      city('Шахтинск', 'Шахтинск'),
      district('Абай', 'Абайский'),
      district('Бұқар жырау', 'Бухар-Жырауский'),
      district('Қарқаралы', 'Каркаралинский'),
      district('Осакаров', 'Осакаровский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Қостанай облысы',
    ru: 'Костанайская область',
    districts: [
      city('Қостанай', 'Костанай'),
      city('Рудный', 'Рудный'),
      district('Әулиекөл', 'Аулиекольский'),
      district('Жітіқара', 'Житикаринский'),
      district('Қостанай', 'Костанайский'),
      district('Федоров', 'Федоровский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Қызылорда облысы',
    ru: 'Кызылординская область',
    districts: [
      city('Қызылорда', 'Кызылорда'),
      district('Арал', 'Аральский'),
      district('Жалағаш', 'Жалагашский'),
      district('Қазалы', 'Казалинский'),
      district('Сырдария', 'Сырдарьинский'),
      district('Шиелі', 'Шиелийский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Маңғыстау облысы',
    ru: 'Мангистауская область',
    districts: [
      city('Ақтау', 'Актау'),
      city('Жаңаөзен', 'Жанаозен'),
      district('Бейнеу', 'Бейнеуский'),
      district('Қарақия', 'Каракиянский'),
      district('Маңғыстау', 'Мангистауский'),
      district('Түпқараған', 'Тупкараганский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Павлодар облысы',
    ru: 'Павлодарская область',
    districts: [
      city('Павлодар', 'Павлодар'),
      city('Екібастұз', 'Экибастуз'),
      city('Ақсу', 'Аксу'),
      district('Баянауыл', 'Баянаульский'),
      district('Ертіс', 'Иртышский'),
      district('Павлодар', 'Павлодарский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Солтүстік Қазақстан облысы',
    ru: 'Северо-Казахстанская область',
    districts: [
      city('Петропавл', 'Петропавловск'),
      district('Айыртау', 'Айыртауский'),
      district('Ақжар', 'Акжарский'),
      district('Есіл', 'Есильский'),
      district('Қызылжар', 'Кызылжарский'),
      district('Мамлют', 'Мамлютский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Түркістан облысы',
    ru: 'Туркестанская область',
    districts: [
      city('Түркістан', 'Туркестан'),
      city('Кентау', 'Кентау'),
      city('Арыс', 'Арысь'),
      district('Мақтаарал', 'Мактааральский'),
      district('Сайрам', 'Сайрамский'),
      district('Сарыағаш', 'Сарыагашский'),
      district('Төлеби', 'Толебийский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Ұлытау облысы',
    ru: 'область Ұлытау',
    districts: [
      city('Жезқазған', 'Жезказган'),
      city('Сәтбаев', 'Сатпаев'),
      city('Қаражал', 'Каражал'),
      district('Жаңаарқа', 'Жанааркинский'),
      district('Ұлытау', 'Улытауский'),
    ],
  },
  {
    kind: 'region',
    kz: 'Шығыс Қазақстан облысы',
    ru: 'Восточно-Казахстанская область',
    districts: [
      city('Өскемен', 'Усть-Каменогорск'),
      city('Риддер', 'Риддер'),
      district('Алтай', 'Алтайский'),
      district('Глубокое', 'Глубоковский'),
      district('Зайсан', 'Зайсанский'),
      district('Катонқарағай', 'Катон-Карагайский'),
      district('Ұлан', 'Уланский'),
    ],
  },
];

/**
 * The education department of a district or city, named as the akimats name them without
 * declining the place: «Есіл ауданы бойынша білім бөлімі» / «Отдел образования (район Есиль)».
 */
export function departmentName(place: Place): Place {
  return {
    kz: `${place.kz} бойынша білім бөлімі`,
    ru: `Отдел образования (${place.ru})`,
  };
}
