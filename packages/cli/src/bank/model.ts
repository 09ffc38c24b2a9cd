/**
 * The neutral question model every importer produces and every exporter reads. It sits between
 * the foreign formats (GIFT, Moodle XML, QTI) and Sabaq drafts so each format is parsed once and
 * mapped once. Text fields are HTML fragments unless named otherwise.
 */

export const BANK_FORMATS = ['gift', 'moodle-xml', 'qti'] as const;
export type BankFormat = (typeof BANK_FORMATS)[number];

export interface BankSource {
  readonly file: string;
  /** 1-based line where the question starts, when the format has lines. */
  readonly line: number | null;
  /** The item's own identifier (QTI identifier, Moodle idnumber), when it has one. */
  readonly itemId: string | null;
}

interface BankQuestionBase {
  readonly source: BankSource;
  /** Short plain-text name of the question (GIFT title, Moodle name, QTI title). */
  readonly title: string;
  /** The question text, HTML. For `select`, gaps are written `[[n]]` (1-based). */
  readonly stem: string;
  readonly category: string | null;
  /** Feedback shown after answering, HTML; becomes a hint. */
  readonly generalFeedback: string | null;
  /** Hints as the source gives them, HTML. */
  readonly hints: readonly string[];
  /** Points the whole question is worth, when the format says. */
  readonly points: number | null;
}

export interface BankChoiceOption {
  readonly id: string | null;
  readonly html: string;
  readonly correct: boolean;
  /** Share of the points this option gives, -1..1 (GIFT/Moodle percentages / 100), when given. */
  readonly fraction: number | null;
  readonly feedback: string | null;
}

export interface BankChoice extends BankQuestionBase {
  readonly kind: 'choice';
  readonly multiple: boolean;
  readonly options: readonly BankChoiceOption[];
}

export interface BankGap {
  /** Plain-text options of the drop-down. */
  readonly options: readonly string[];
  /** Index of the right option, or null when the source declares none. */
  readonly right: number | null;
}

export interface BankSelect extends BankQuestionBase {
  readonly kind: 'select';
  readonly gaps: readonly BankGap[];
}

export interface BankPair {
  /** Left item, HTML. */
  readonly left: string;
  /** Right item, HTML. */
  readonly right: string;
  readonly points: number | null;
}

export interface BankConnection extends BankQuestionBase {
  readonly kind: 'connection';
  /** Left items in order (HTML); a left item may be linked to several right items and vice versa. */
  readonly left: readonly string[];
  readonly right: readonly string[];
  /** Right answers as [leftIndex, rightIndex] links, with points when the format gives them. */
  readonly links: readonly {
    readonly left: number;
    readonly right: number;
    readonly points: number | null;
  }[];
}

/** Text without a question (GIFT description, Moodle description): a simple module. */
export interface BankDescription extends BankQuestionBase {
  readonly kind: 'description';
}

export type BankQuestion = BankChoice | BankSelect | BankConnection | BankDescription;

/** A question of a type Sabaq has no module for; reported, never silently dropped. */
export interface BankUnsupported {
  readonly source: BankSource;
  readonly title: string;
  /** The type as the source format names it (e.g. `essay`, `numerical`, `orderInteraction`). */
  readonly type: string;
}

export const BANK_ISSUE_CODES = [
  'syntax',
  'notABank',
  'invalidGrade',
  'invalidQuestion',
  'giftRefused',
  'noRightAnswer',
  'missingFile',
  'emptyBank',
  'duplicateId',
  'badZip',
  'invalidDraft',
] as const;
export type BankIssueCode = (typeof BANK_ISSUE_CODES)[number];

/** An error (file refused) or warning (question imported with a caveat). */
export interface BankIssue {
  readonly code: BankIssueCode;
  readonly file: string;
  readonly line: number | null;
  readonly column: number | null;
  readonly itemId: string | null;
  readonly params: Readonly<Record<string, string | number>>;
}

export interface BankImport {
  readonly file: string;
  readonly format: BankFormat;
  readonly questions: readonly BankQuestion[];
  readonly unsupported: readonly BankUnsupported[];
  readonly warnings: readonly BankIssue[];
}

export type BankOutcome =
  | { readonly ok: true; readonly bank: BankImport }
  | { readonly ok: false; readonly file: string; readonly errors: readonly BankIssue[] };

export function issue(
  code: BankIssueCode,
  file: string,
  at: { line?: number | null; column?: number | null; itemId?: string | null },
  params: Record<string, string | number> = {},
): BankIssue {
  return {
    code,
    file,
    line: at.line ?? null,
    column: at.column ?? null,
    itemId: at.itemId ?? null,
    params,
  };
}
