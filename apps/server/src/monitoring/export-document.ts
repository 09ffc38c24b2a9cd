import type {
  CompletionFigures,
  CompletionGroupView,
  GroupStatisticView,
  Locale,
} from '@sabaq/platform';
import type { ExportData, NodeExportData, PagesExportData, SchoolExportData } from './export-data';
import {
  EXPORT_LABELS,
  STATUS_NAMES,
  TYPE_NAMES,
  formatDate,
  formatNumber as shown,
  type ExportLabels,
} from './export-texts';

/**
 * An export as titled tables, before it is a file: the workbook (export-workbook.ts) puts each
 * section on a sheet, the PDF (export-pdf.ts) one after another. Cells are the figures the calls
 * answer, unchanged (percent values as the API gives them; null: no figure).
 */
export type Cell = string | number | null;

export interface ExportTable {
  heading?: string;
  header: string[];
  rows: Cell[][];
  /** The last row is a total (bold). */
  total?: boolean;
  /** Relative column widths. */
  weights: number[];
}

export interface ExportSection {
  sheet: string;
  heading?: string;
  lines: string[];
  tables: ExportTable[];
}

export interface ExportDocument {
  title: string;
  lines: string[];
  sections: ExportSection[];
}

export function composeDocument(data: ExportData, locale: Locale, at: number): ExportDocument {
  const labels = EXPORT_LABELS[locale];
  if (data.kind === 'node') return composeNode(data, labels, at);
  if (data.kind === 'school') return composeSchool(data, labels, locale, at);
  return composePages(data, labels, locale, at);
}

function figuresLine(figures: CompletionFigures, labels: ExportLabels): string {
  return [
    `${labels.expected}: ${figures.expected}`,
    `${labels.submitted}: ${figures.submitted}`,
    `${labels.drafts}: ${figures.drafts}`,
    `${labels.completion}: ${shown(figures.completion)}`,
    `${labels.score}: ${shown(figures.score)}`,
  ].join('; ');
}

function composeNode(data: NodeExportData, labels: ExportLabels, at: number): ExportDocument {
  const { completion, groups } = data;
  const figures = (name: string, organizations: number, f: CompletionFigures): Cell[] => [
    name,
    organizations,
    f.expected,
    f.submitted,
    f.drafts,
    f.completion,
    f.score,
  ];
  const organizations = completion.rows.reduce((sum, row) => sum + row.organizations, 0);
  const tables: ExportTable[] = [];
  if (groups.questionnaire)
    tables.push({
      header: [labels.name, ...groups.groups.map((group) => group.name), labels.score],
      rows: [
        ...groups.rows.map((row) => [row.name, ...row.scores, row.score]),
        [labels.total, ...groups.groups.map((group) => group.score), null],
      ],
      total: true,
      weights: [3, ...groups.groups.map(() => 1.2), 1],
    });
  return {
    title: labels.title,
    lines: [
      data.name,
      `${labels.period}: ${completion.period.name}`,
      `${labels.exported}: ${formatDate(at)}`,
    ],
    sections: [
      {
        sheet: labels.sheetCompletion,
        lines: [],
        tables: [
          {
            header: [
              labels.name,
              labels.organizations,
              labels.expected,
              labels.submitted,
              labels.drafts,
              labels.completion,
              labels.score,
            ],
            rows: [
              ...completion.rows.map((row) => figures(row.name, row.organizations, row.figures)),
              figures(labels.total, organizations, completion.figures),
            ],
            total: true,
            weights: [4, 1, 1, 1, 1, 1, 1],
          },
        ],
      },
      {
        sheet: labels.sheetGroups,
        heading: labels.groups,
        lines: groups.questionnaire
          ? [`${labels.questionnaire}: ${groups.questionnaire.name}`]
          : [labels.noQuestionnaire],
        tables,
      },
    ],
  };
}

function respondentTable(
  view: CompletionGroupView,
  labels: ExportLabels,
  locale: Locale,
): ExportTable {
  return {
    header: [
      labels.number,
      labels.person,
      labels.position,
      labels.type,
      labels.status,
      labels.submittedAt,
      labels.score,
    ],
    rows: view.respondents.map((row, index) => [
      index + 1,
      row.name,
      row.position,
      TYPE_NAMES[row.groupType][locale],
      STATUS_NAMES[row.status][locale],
      row.submittedAt ? formatDate(row.submittedAt) : null,
      row.score,
    ]),
    weights: [0.5, 3, 2.5, 2, 1.4, 1.2, 1],
  };
}

function answersTable(
  questionnaire: string,
  group: GroupStatisticView,
  labels: ExportLabels,
): ExportTable {
  const rows = group.questions.flatMap((question): Cell[][] => {
    const head: Cell[] = [question.text, question.answered];
    const [first, ...rest] = question.options;
    return [
      [...head, first?.label ?? null, first?.count ?? null, question.mean, question.score],
      ...rest.map((option): Cell[] => [null, null, option.label, option.count, null, null]),
    ];
  });
  return {
    heading: `${questionnaire} — ${group.group.name}. ${labels.responses}: ${group.responses}; ${labels.score}: ${shown(group.score)}`,
    header: [
      labels.question,
      labels.answered,
      labels.option,
      labels.count,
      labels.mean,
      labels.score,
    ],
    rows,
    weights: [4.5, 1, 3, 1, 1, 1],
  };
}

function composeSchool(
  data: SchoolExportData,
  labels: ExportLabels,
  locale: Locale,
  at: number,
): ExportDocument {
  const { view } = data;
  return {
    title: labels.schoolTitle,
    lines: [
      view.organization.name,
      `${labels.period}: ${view.period.name}`,
      `${labels.exported}: ${formatDate(at)}`,
    ],
    sections: [
      {
        sheet: labels.sheetRespondents,
        lines: [figuresLine(view.figures, labels)],
        tables: [respondentTable(view, labels, locale)],
      },
      {
        sheet: labels.sheetAnswers,
        heading: labels.answers,
        lines: data.answers.length === 0 ? [labels.noQuestionnaire] : [],
        tables: data.answers.flatMap(({ questionnaire, groups }) =>
          groups.map((group) => answersTable(questionnaire.name, group, labels)),
        ),
      },
    ],
  };
}

function composePages(
  data: PagesExportData,
  labels: ExportLabels,
  locale: Locale,
  at: number,
): ExportDocument {
  return {
    title: labels.pagesTitle,
    lines: [
      data.name,
      `${labels.period}: ${data.period.name}`,
      `${labels.exported}: ${formatDate(at)}`,
    ],
    sections:
      data.pages.length === 0
        ? [{ sheet: labels.sheetRespondents, lines: [labels.noOrganizations], tables: [] }]
        : data.pages.map((view) => ({
            sheet: view.organization.name,
            heading: view.organization.name,
            lines: [figuresLine(view.figures, labels)],
            tables: [respondentTable(view, labels, locale)],
          })),
  };
}
