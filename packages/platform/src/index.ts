// Public API of @sabaq/platform: what the web app and the server must agree on.
// Each concern lives in its own folder; add its exports here by name (no `export *`).
export { ROLES, ROLE_CODES, ROLE_GROUPS, inGroup, isRole } from './roles/roles';
export type { Role, RoleCode, RoleGroup } from './roles/roles';

export {
  hasValidCheckDigit,
  iinBirthDate,
  iinGender,
  isValidBin,
  isValidIin,
  withCheckDigit,
} from './validators/iin';
export {
  PASSWORD_MAX,
  PASSWORD_MIN,
  digitsOnly,
  isValidDisplayDate,
  isValidEmail,
  isValidName,
  parseDisplayDate,
  passwordProblem,
  toDisplayDate,
} from './validators/fields';

export { DEFAULT_LOCALE, LOCALES, MESSAGES, message, normalizeLocale } from './errors/messages';
export type { Locale, MessageKey } from './errors/messages';
export { ApiErrorSchema, ERROR_STATUS } from './errors/api-error';
export type { ApiError, ErrorStatus } from './errors/api-error';

export {
  API_ROUTES,
  BEHALF_FORBIDDEN_ROUTES,
  HTTP_METHODS,
  apiPath,
  isAllowed,
} from './policies/policies';
export type { HttpMethod, Policy, RouteEntry, RouteId } from './policies/policies';

export {
  IdParam,
  LocaleParamsSchema,
  LocaleSchema,
  MessageResponseSchema,
  REFRESH_COOKIE,
  REFRESH_TTL_SECONDS,
  REQUEST_HEADERS,
  dataEnvelope,
} from './contracts/common';
export type { MessageResponse } from './contracts/common';
export {
  BehalfRequestSchema,
  BehalfTargetParamsSchema,
  BehalfTargetResponseSchema,
  CheckTokenResponseSchema,
  EmailSchema,
  ForgotPasswordRequestSchema,
  IinSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  NeedPassChangeResponseSchema,
  NewPasswordSchema,
  OAuthCallbackQuerySchema,
  OAuthStartQuerySchema,
  PasswordChangeRequestSchema,
  PersonNameSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  RegisterConfirmRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SessionInfoSchema,
  SessionUserSchema,
  SessionsResponseSchema,
  SubscriptionTypeSchema,
  UserInfoResponseSchema,
} from './contracts/auth';
export type {
  BehalfRequest,
  BehalfTarget,
  CheckTokenResponse,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  NeedPassChangeResponse,
  PasswordChangeRequest,
  RefreshRequest,
  RefreshResponse,
  RegisterConfirmRequest,
  RegisterRequest,
  ResetPasswordRequest,
  SessionInfo,
  SessionUser,
  SubscriptionType,
} from './contracts/auth';
export {
  BannerSchema,
  BannersResponseSchema,
  BuilderDictionariesResponseSchema,
  BuilderDictionaryEntrySchema,
  DomainSchema,
  DomainsResponseSchema,
  FEATURE_FLAGS,
  FeatureFlagsResponseSchema,
  GroupsByLocaleResponseSchema,
  PeriodSchema,
  PeriodsResponseSchema,
  PermissionsResponseSchema,
  TranslationsResponseSchema,
} from './contracts/dictionaries';
export type {
  Banner,
  BuilderDictionariesResponse,
  BuilderDictionaryEntry,
  Domain,
  FeatureFlag,
  FeatureFlagsResponse,
  GroupsByLocaleResponse,
  Period,
  PermissionsResponse,
  TranslationsResponse,
} from './contracts/dictionaries';
export {
  ArchiveResponseSchema,
  ArchivedGroupResponseSchema,
  DeletedResponseSchema,
  GROUP_MAX_PERSONNEL,
  GroupBodySchema,
  GroupCardResponseSchema,
  GroupDetailResponseSchema,
  GroupDictionariesResponseSchema,
  GroupIdParamsBackofficeSchema,
  GroupListResponseSchema,
  GroupPupilParamsSchema,
  GroupSavedResponseSchema,
  GroupSummarySchema,
  LangSchema,
  PersonnelSchema,
  PupilAddRequestSchema,
  PupilAddedResponseSchema,
  PupilMoveRequestSchema,
  PupilSchema,
  SubgroupCreateRequestSchema,
  SubgroupNameSchema,
  SubgroupParamsSchema,
  SubgroupRenameRequestSchema,
  SubgroupSavedResponseSchema,
  SubgroupSchema,
  SubgroupTransferParamsSchema,
  SubgroupTransferRequestSchema,
  SubgroupTransferResponseSchema,
  SubgroupsResponseSchema,
} from './contracts/backoffice/groups';
export type {
  Archive,
  ArchivedGroup,
  GroupBody,
  GroupCard,
  GroupDetailResponse,
  GroupDictionariesResponse,
  GroupList,
  GroupSummary,
  Pupil,
  PupilAdded,
  PupilAddRequest,
  Subgroups,
  SubgroupTransfer,
  SubgroupTransferRequest,
} from './contracts/backoffice/groups';
export { BACKOFFICE_GROUP_ROUTES } from './policies/backoffice-groups';
export {
  DraftCommandsRequestSchema,
  DraftCommandsResponseSchema,
  DraftCreateRequestSchema,
  DraftEventSchema,
  DraftHistoryResponseSchema,
  DraftIdParamsSchema,
  DraftImportRequestSchema,
  DraftImportResponseSchema,
  DraftListQuerySchema,
  DraftListResponseSchema,
  DraftPublishRequestSchema,
  DraftPublishResponseSchema,
  DraftResponseSchema,
  DraftSharingRequestSchema,
  DraftSummarySchema,
} from './contracts/drafts';
export type { DraftImportResponse, DraftListItem, DraftSummary } from './contracts/drafts';
export {
  AI_DEFAULT_HELPER,
  AI_TEXT_MAX,
  AI_TEXT_RAW_MAX,
  GptRequestSchema,
  GptResponseSchema,
} from './contracts/ai';
export type { GptRequest, GptResponse } from './contracts/ai';
export { AI_ROUTES } from './policies/ai';

export {
  KINDERGARTEN_LABELS,
  ROUTES,
  SUBSCRIPTION_NEEDS,
  routeById,
  routeLabel,
} from './routes/routes';
export type {
  Label,
  RouteAccess,
  RouteDef,
  RouteId as AppRouteId,
  SubscriptionNeed,
} from './routes/routes';
export {
  breadcrumbs,
  fillPath,
  forbiddenRedirect,
  guardRoute,
  hasSubscriptionFor,
  hrefFor,
  landingPath,
  orgKindOf,
  safeReturnPath,
  specStart,
} from './routes/guard';
export type {
  Crumb,
  GuardDecision,
  GuardInput,
  GuardUser,
  IsBuilt,
  OrgKind,
  RefusedReason,
  RouteParams,
} from './routes/guard';
export {
  DEFAULT_UI_LANG,
  DEFAULT_URL_LANG,
  UI_LANGS,
  URL_LANGS,
  formatDate,
  isUrlLang,
  normalizeLangPath,
  storedUiLang,
  uiLangFromLocale,
  urlLangFromUi,
} from './routes/lang';
export type { UiLang, UrlLang } from './routes/lang';
export { SPEC_ROUTE_NAMES, namedPath, routeByName } from './routes/named';
export type { NamedParams, NamedPathArgs, PathParams, RouteName } from './routes/named';
export { MAX_ORIGINS, backPath, parseOrigins, rememberOrigin } from './routes/origin';
export type { Origins, Visit } from './routes/origin';
export { CATALOGUES, translate } from './i18n/catalogues';
export type { Catalogue, MessageKey as UiMessageKey } from './i18n/catalogues';
export {
  MENU,
  MENU_GROUPS,
  REACHED_FROM,
  buildMenu,
  firstBuiltPage,
  menuPathsFor,
  pathHead,
} from './menu/menu';
export type {
  MenuGroup,
  MenuInput,
  MenuItem,
  MenuItemDef,
  MenuPermissions,
  MenuSection,
} from './menu/menu';

// Teaching core (issue 8): schedule and lessons, homework, journal, chat.
export {
  CALENDAR_PLAN_ROUTES,
  CHAT_ROUTES,
  HOMEWORK_ROUTES,
  JOURNAL_ROUTES,
  SCHEDULE_ROUTES,
  TEACHING_ROUTES,
  TEACHING_SOCKETS,
} from './policies/teaching';
export { EXAM_SITTING_ROUTES } from './policies/exam-sittings';
// Exam results (issue 20): the teacher's override with a comment, re-grading a republished draft.
export { EXAM_RESULT_ROUTES } from './policies/exam-results';
export {
  RegradeConfirmRequestSchema,
  RegradeConfirmResponseSchema,
  RegradeParamsSchema,
  RegradePreviewResponseSchema,
  RegradeRowSchema,
  ResultOverrideRequestSchema,
} from './contracts/teaching/results';
export type { RegradePreview, RegradeRow } from './contracts/teaching/results';
// The lesson chat (issue 20, feature block `lesson-chat`).
export { LESSON_CHAT_ROUTES, LESSON_CHAT_SOCKET } from './policies/lesson-chat';
export {
  LESSON_CHAT_PAGE_MAX,
  LESSON_CHAT_TEXT_MAX,
  LessonChatHistoryQuerySchema,
  LessonChatHistoryResponseSchema,
  LessonChatMessageParamsSchema,
  LessonChatMessageResponseSchema,
  LessonChatMessageSchema,
  LessonChatParamsSchema,
  LessonChatSendRequestSchema,
} from './contracts/teaching/lesson-chat';
export type { LessonChatMessage, LessonChatServerEvent } from './contracts/teaching/lesson-chat';
// SOR/SOCh under exam conditions: timed sittings, the teacher's live view, retakes.
export {
  ConferenceResponseSchema,
  ExamMonitorParamsSchema,
  ExamMonitorResponseSchema,
  ExamRetakeRequestSchema,
  ExamRetakeResponseSchema,
  ExamSittingSchema,
  SITTING_STATES,
  SittingParamsSchema,
  SittingResponseSchema,
  SittingSaveRequestSchema,
  SittingSaveResponseSchema,
} from './contracts/teaching/sittings';
export type {
  Conference,
  ExamMonitor,
  ExamSitting,
  SittingState,
} from './contracts/teaching/sittings';
// Calendar plans (KTP): contracts of the plan, lesson, link, lecture and answer routes.
export {
  CALENDAR_PLAN_PRODUCTS,
  CalendarPlanProductSchema,
  CalendarPlanGroupsResponseSchema,
  CalendarPlansQuerySchema,
  CalendarPlanSummarySchema,
  CalendarPlansResponseSchema,
  CalendarPlanIdParamsSchema,
  CalendarPlanContentSchema,
  CalendarPlanDatedLessonSchema,
  CalendarPlanLessonSchema,
  CalendarPlanResponseSchema,
  CalendarPlanLessonParamsSchema,
  CalendarPlanAnswerRowSchema,
  CalendarPlanLessonResponseSchema,
  CalendarPlanContentRequestSchema,
  CalendarPlanLectureRequestSchema,
  CalendarPlanLectureResponseSchema,
  CalendarPlanAnswerParamsSchema,
  CalendarPlanAnswerResponseSchema,
  CalendarPlanAnswerUpdateSchema,
  LessonCalendarPlanResponseSchema,
  PLAN_LESSON_MAX_HOURS,
  PLAN_TOPIC_MAX,
  CalendarPlanCreateRequestSchema,
  CalendarPlanLessonFieldsSchema,
  CalendarPlanLessonCreateSchema,
  CalendarPlanLessonUpdateSchema,
  CalendarPlanLessonMoveSchema,
  CalendarPlanImportSchema,
  CalendarPlanDeletedResponseSchema,
} from './contracts/teaching/calendar-plans';
export type {
  CalendarPlanProduct,
  CalendarPlanGroups,
  CalendarPlanSummary,
  CalendarPlanContent,
  CalendarPlanLesson,
  CalendarPlanData,
  CalendarPlanAnswerRow,
  CalendarPlanLessonData,
  CalendarPlanContentRequest,
  CalendarPlanAnswerData,
  CalendarPlanAnswerUpdate,
  CalendarPlanCreateRequest,
  CalendarPlanLessonFields,
  CalendarPlanLessonCreate,
  CalendarPlanLessonUpdate,
  CalendarPlanImport,
} from './contracts/teaching/calendar-plans';
export {
  FILE_MAX_BYTES,
  FileIdsSchema,
  FileRefSchema,
  FileUploadRequestSchema,
  FileUploadResponseSchema,
  IsoDateSchema,
  LESSON_TYPES,
  LessonTypeSchema,
  PersonSchema,
  TeachingId,
} from './contracts/teaching/common';
export type { FileRef, FileUploadRequest, LessonType, Person } from './contracts/teaching/common';
export {
  ATTENDANCE,
  AnswersSchema,
  AttemptResponseSchema,
  AttemptSchema,
  AttendanceResponseSchema,
  AttendanceSetRequestSchema,
  ContentParamsSchema,
  ContentResponseSchema,
  EXAM_WINDOW_STATES,
  ExamParamsSchema,
  ExamResponseSchema,
  ExamAttemptSchema,
  RESULTS_SHOWN,
  ExamSettingsRequestSchema,
  ExamSettingsResponseSchema,
  ExamSubmitParamsSchema,
  ExamSubmitRequestSchema,
  ExamWindowSchema,
  GradeModuleRequestSchema,
  LessonContentRefSchema,
  LessonResponseSchema,
  LessonSchema,
  LessonSyncMessageSchema,
  LessonUpdateRequestSchema,
  MODULE_RESULT_STATUS,
  ModuleAnswerSchema,
  ModuleResultSchema,
  ResultOverrideSchema,
  ProgressResponseSchema,
  PublishedContentResponseSchema,
  REFLECTION_MOODS,
  ReflectionRequestSchema,
  ReflectionSchema,
  ReflectionsResponseSchema,
  SHIFTS,
  ScheduleIdParamsSchema,
  StudentProgressParamsSchema,
  WeekQuerySchema,
  WeekResponseSchema,
} from './contracts/teaching/schedule';
export type {
  Answers,
  Attempt,
  ExamSettingsRequest,
  ExamWindow,
  ExamAttempt,
  ResultsShown,
  ResultOverride,
  Lesson,
  LessonContentRef,
  LessonSyncMessage,
  LessonUpdateRequest,
  ModuleAnswer,
  ModuleResult,
  ModuleResultStatus,
  Reflection,
  ReflectionMood,
  Shift,
  WeekQuery,
  WeekResponse,
} from './contracts/teaching/schedule';
export {
  ANSWER_STATUSES,
  AnswerIdParamsSchema,
  AnswerResponseSchema,
  AnswerSchema,
  AnswerStatusSchema,
  HOMEWORK_GRADE,
  HomeworkAnswersResponseSchema,
  HomeworkCheckRequestSchema,
  HomeworkCreateRequestSchema,
  HomeworkIdParamsSchema,
  HomeworkItemSchema,
  HomeworkListQuerySchema,
  HomeworkListResponseSchema,
  HomeworkResponseSchema,
  HomeworkRowSchema,
  HomeworkSchema,
  HomeworkSubmitRequestSchema,
  StudentHomeworkListResponseSchema,
  defaultCheckedFilter,
} from './contracts/teaching/homework';
export type {
  Answer,
  AnswerStatus,
  Homework,
  HomeworkCheckRequest,
  HomeworkCreateRequest,
  HomeworkItem,
  HomeworkListResponse,
  HomeworkRow,
  HomeworkSubmitRequest,
} from './contracts/teaching/homework';
export {
  ASSESSMENT_KINDS,
  AssessmentCreateRequestSchema,
  AssessmentIdParamsSchema,
  AssessmentMarkRequestSchema,
  FORMATIVE,
  GroupIdParamsSchema,
  JournalGridResponseSchema,
  JournalGridSchema,
  JournalGroupResponseSchema,
  JournalGroupsResponseSchema,
  JournalMarkRequestSchema,
  JournalParamsSchema,
  JournalPeriodsResponseSchema,
  JournalQuerySchema,
  PeriodIdParamsSchema,
  AssessmentResponseSchema,
  AssessmentSchema,
  JournalSavedResponseSchema,
  JournalColumnCellSchema,
  JournalColumnRequestSchema,
  JournalColumnSavedResponseSchema,
  QUARTER_GRADE_CONFIG,
  QuarterResultSchema,
  quarterGrade,
} from './contracts/teaching/journal';
export type {
  AssessmentCreateRequest,
  AssessmentKind,
  JournalGrid,
  JournalMarkRequest,
  JournalSaved,
  JournalColumnRequest,
  JournalColumnSaved,
  QuarterGradeConfig,
  QuarterInput,
  QuarterResult,
} from './contracts/teaching/journal';
export {
  DiaryQuerySchema,
  DiaryResponseSchema,
  DiarySubjectSchema,
} from './contracts/teaching/diary';
export type { Diary, DiarySubject } from './contracts/teaching/diary';
export {
  CHAT_PAGE_MAX,
  CHAT_TEXT_MAX,
  ChatClientEventSchema,
  ChatContactSchema,
  ChatContactsResponseSchema,
  ChatHistoryQuerySchema,
  ChatHistoryResponseSchema,
  ChatMessageResponseSchema,
  ChatMessageSchema,
  ChatReadResponseSchema,
  ChatSendRequestSchema,
  ChatServerEventSchema,
  PeerParamsSchema,
} from './contracts/teaching/chat';
export type {
  ChatClientEvent,
  ChatContact,
  ChatMessage,
  ChatSendRequest,
  ChatServerEvent,
} from './contracts/teaching/chat';
export {
  FEATURE_BLOCKS,
  FEATURE_BLOCKS_OFF_BY_DEFAULT,
  featureBlockDatasetKey,
  parseFeatureBlocks,
} from './features/feature-blocks';
export type { FeatureBlock } from './features/feature-blocks';
export { CONTENT_TYPE_LABELS, ROLE_LABELS, contentTypeLabel, roleLabel } from './i18n/labels';

// Backoffice personnel and school settings (issue 13).
export { PERSONNEL_ROUTES } from './policies/personnel';
export { ROSTER_ROUTES } from './policies/roster';
export {
  ContingentListQuerySchema,
  ContingentListResponseSchema,
  ContingentPupilSchema,
  RosterImportRequestSchema,
  RosterImportResponseSchema,
  RosterImportResultSchema,
} from './contracts/backoffice/roster';
export type {
  ContingentList,
  ContingentPupil,
  RosterImportRequest,
  RosterImportResult,
} from './contracts/backoffice/roster';
export { YEAR_ROUTES } from './policies/year';
export { JOB_ROUTES } from './policies/jobs';
export {
  ArchiveJournalParamsSchema,
  ArchiveJournalQuerySchema,
  ArchiveJournalResponseSchema,
  GRADUATING_PARALLEL,
  YEAR_CONFLICTS,
  YearNewClassSchema,
  YearPreviewRequestSchema,
  YearPreviewResponseSchema,
  YearPreviewSchema,
  YearTransitionRequestSchema,
  YearTransitionResultSchema,
} from './contracts/backoffice/year';
export type {
  ArchiveJournal,
  YearConflictCode,
  YearNewClass,
  YearPreview,
  YearPreviewRequest,
  YearTransitionRequest,
  YearTransitionResult,
} from './contracts/backoffice/year';
export { JOB_KINDS, JobIdParamsSchema, JobResponseSchema, JobSchema } from './contracts/jobs/jobs';
export type { Job, JobKind } from './contracts/jobs/jobs';
export {
  STAFF_KINDS,
  STAFF_ROLES,
  STAFF_SUBROLES,
  StaffHireRequestSchema,
  StaffImportRequestSchema,
  StaffImportResponseSchema,
  StaffListQuerySchema,
  StaffListResponseSchema,
  StaffMemberSchema,
  StaffParamsSchema,
  StaffPasswordResponseSchema,
  StaffSavedResponseSchema,
  StaffUpdateRequestSchema,
  staffKindLabel,
} from './contracts/backoffice/personnel';
export type {
  StaffHireRequest,
  StaffImportRequest,
  StaffImportResult,
  StaffList,
  StaffMember,
  StaffRole,
  StaffSaved,
  StaffSubrole,
  StaffUpdateRequest,
} from './contracts/backoffice/personnel';
export {
  SETTINGS_PROBLEM_TEXTS,
  SchoolSettingsDataSchema,
  SchoolSettingsResponseSchema,
  SchoolSettingsSchema,
  schoolYearBounds,
  settingsProblems,
} from './contracts/backoffice/school-settings';
export type {
  PublicHoliday,
  SchoolSettings,
  SchoolSettingsInput,
  SettingsProblem,
} from './contracts/backoffice/school-settings';
export { TIMETABLE_ROUTES } from './policies/timetables';
export {
  TIMETABLE_MAX_BELLS,
  TIMETABLE_ROOM_MAX,
  TIMETABLE_WEEKDAYS,
  TimetableCopyResponseSchema,
  TimetableCopySchema,
  TimetableGroupParamsSchema,
  TimetableGroupResponseSchema,
  TimetableListResponseSchema,
  TimetableQuerySchema,
  TimetableSlotCreateSchema,
  TimetableSlotDeletedResponseSchema,
  TimetableSlotInputSchema,
  TimetableSlotParamsSchema,
  TimetableSlotResponseSchema,
} from './contracts/backoffice/timetables';
export type {
  TimetableCopy,
  TimetableDayOff,
  TimetableGroup,
  TimetableGroupState,
  TimetableList,
  TimetablePeriod,
  TimetableSlot,
  TimetableSlotCreate,
  TimetableSlotInput,
  TimetableSlotValues,
} from './contracts/backoffice/timetables';
export {
  FILE_LIMITS,
  FILE_USES,
  FileUseSchema,
  RESUMABLE_FROM_BYTES,
  ResumableUploadResponseSchema,
  ResumableUploadSchema,
  StreamGrantResponseSchema,
  UploadQuerySchema,
  UploadedFileResponseSchema,
  UploadedFileSchema,
} from './contracts/files/files';
export type {
  FileUse,
  FileUseLimits,
  ResumableUpload,
  StreamGrant,
  UploadedFile,
} from './contracts/files/files';
export { FILE_USE_ROLES } from './policies/files';

// Commerce: tariffs, subscriptions, payment and balance (issue 19).
export { COMMERCE_ROUTES, tariffUsableBy } from './policies/commerce';
export { SITE_ROUTES } from './policies/site';
export {
  BalanceResponseSchema,
  BalanceSchema,
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  CheckoutSchema,
  EXPIRING_DAYS,
  INVOICE_STATES,
  InvoiceResponseSchema,
  InvoiceSchema,
  LEDGER_KINDS,
  LedgerEntrySchema,
  NotificationAnswerSchema,
  PAYMENT_METHODS,
  SUBSCRIPTION_STATES,
  SubscriptionSchema,
  TARIFF_AUDIENCES,
  TariffListResponseSchema,
  TariffListSchema,
  TariffSchema,
  TengeSchema,
  TopUpRequestSchema,
  WidgetParamsSchema,
} from './contracts/commerce/commerce';
export type {
  Balance,
  Checkout,
  CheckoutRequest,
  Invoice,
  InvoiceState,
  LedgerEntry,
  LedgerKind,
  Subscription,
  SubscriptionState,
  Tariff,
  TariffAudience,
  TariffList,
  TopUpRequest,
  WidgetParams,
} from './contracts/commerce/commerce';
export {
  ProfileResponseSchema,
  ProfileSchema,
  ProfileUpdateRequestSchema,
} from './contracts/commerce/profile';
export type { Profile, ProfileUpdateRequest } from './contracts/commerce/profile';
export {
  RefundRequestSchema,
  RefundResponseSchema,
  RefundSchema,
} from './contracts/commerce/refund';
export type { Refund, RefundRequest } from './contracts/commerce/refund';
export { AVATAR_LIMITS, AvatarResponseSchema, AvatarSchema } from './contracts/commerce/avatar';
export type { Avatar } from './contracts/commerce/avatar';

// Media: the catalogue of cartoons and audio playlists, players and the gate (issue 14).
export { MEDIA_MANAGERS, MEDIA_ROUTES, canManageMedia, opensMedia } from './policies/media';
export {
  AGE_GROUPS,
  AGE_GROUP_LABELS,
  MEDIA_KINDS,
  MEDIA_MAX_SECONDS,
  MEDIA_MAX_TRACKS,
  MediaCardSchema,
  MediaCatalogueQuerySchema,
  MediaCatalogueResponseSchema,
  MediaCatalogueSchema,
  MediaDetailResponseSchema,
  MediaDetailSchema,
  MediaInputSchema,
  MediaParamsSchema,
  MediaSavedResponseSchema,
} from './contracts/media/media';
export type {
  AgeGroup,
  MediaCaption,
  MediaCard,
  MediaCatalogue,
  MediaCatalogueQuery,
  MediaDetail,
  MediaInput,
  MediaKind,
  MediaTrack,
} from './contracts/media/media';
export * from './contracts/kindergarten/frame';
export { STATISTICS_ROUTES } from './policies/statistics';
export * from './contracts/statistics/statistics';
// Kindergarten document sections (issue 15, part 1).
export {
  CYCLOGRAM_WRITERS,
  KATALOG_EDITORS,
  KINDERGARTEN_AUTHORS,
  KINDERGARTEN_READERS,
  KINDERGARTEN_LIBRARY_READERS,
  KINDERGARTEN_ROUTES,
  canAuthorKindergartenDocuments,
  opensKindergarten,
} from './policies/kindergarten';
export * from './contracts/kindergarten/documents';
export * from './contracts/kindergarten/plans';
export * from './contracts/kindergarten/perspective-plan';
// The methodical cabinet (issue 17).
export {
  METHODICAL_AUTHORS,
  METHODICAL_READERS,
  METHODICAL_ROUTES,
  canAuthorMethodical,
} from './policies/methodical';
export {
  METHODICAL_KINDS,
  METHODICAL_KIND_LABELS,
  METHODICAL_MAX_FILES,
  METHODICAL_PAGE_SIZE,
  METHODICAL_STATUSES,
  MethodicalDetailResponseSchema,
  MethodicalFileParamsSchema,
  MethodicalInputSchema,
  MethodicalListQuerySchema,
  MethodicalListResponseSchema,
  MethodicalParamsSchema,
  MethodicalSavedResponseSchema,
} from './contracts/methodical/materials';
export type {
  MethodicalCard,
  MethodicalDetail,
  MethodicalFile,
  MethodicalInput,
  MethodicalKind,
  MethodicalList,
  MethodicalListQuery,
  MethodicalStatus,
} from './contracts/methodical/materials';
export {
  CATALOGUE_ATTACHERS,
  CATALOGUE_COPIERS,
  CATALOGUE_READERS,
  CATALOGUE_ROUTES,
} from './policies/catalogue';
export {
  CATALOGUE_KINDS,
  CATALOGUE_PAGE_SIZE_MAX,
  CATALOGUE_TYPES,
  CatalogueAttachRequestSchema,
  CatalogueAttachResponseSchema,
  CatalogueCopyResponseSchema,
  CatalogueDetailResponseSchema,
  CatalogueItemSchema,
  CatalogueListResponseSchema,
  CatalogueOriginResponseSchema,
  CatalogueParamsSchema,
  CatalogueQuerySchema,
} from './contracts/catalogue/catalogue';
export type {
  CatalogueAttach,
  CatalogueCopy,
  CatalogueItem,
  CatalogueKind,
  CatalogueList,
  CatalogueQuery,
  CatalogueType,
} from './contracts/catalogue/catalogue';

// Individual developmental cards, development map, kindergarten monitoring (issue 15).
export {
  DEVELOPMENT_READERS,
  DEVELOPMENT_ROUTES,
  DEVELOPMENT_WRITERS,
} from './policies/development';
export * from './contracts/development/development';

// Monitoring questionnaires (issue 16).
export {
  MONITORING_FOLLOWERS,
  MONITORING_ROUTES,
  QUESTIONNAIRE_RESPONDENTS,
} from './policies/monitoring';
export * from './contracts/monitoring/monitoring';

// Contests (issue 17).
export {
  CONTEST_CATALOGUE_READERS,
  CONTEST_ENTRANTS,
  CONTEST_JURY,
  CONTEST_ROUTES,
} from './policies/contests';
export * from './contracts/contests/contests';

// Courses and certificates, correction work (issue 17).
export {
  COURSE_AUTHORS,
  COURSE_LEARNERS,
  COURSE_ROUTES,
  COURSE_TRACKERS,
  canAuthorCourses,
} from './policies/courses';
export * from './contracts/courses/courses';
