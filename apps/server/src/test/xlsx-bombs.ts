import { strToU8, zipSync } from 'fflate';

/**
 * Spreadsheets made by hand for the limits of sheets/sheet-reader.ts (issue 28): the minimal
 * parts of an .xlsx (content types, relations, a workbook with one sheet) zipped with fflate at
 * its strongest setting, around whatever sheet or shared strings a test needs. Built in the
 * test, so no large binary is committed.
 */
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;

function workbook(sheetXml: string, sharedXml: string | null, extra: Record<string, string> = {}) {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="КТЖ" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
  };
  if (sharedXml !== null) files['xl/sharedStrings.xml'] = strToU8(sharedXml);
  files['xl/worksheets/sheet1.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${sheetXml}</sheetData></worksheet>`,
  );
  const zippable: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = { ...files };
  for (const [name, text] of Object.entries(extra)) zippable[name] = [strToU8(text), { level: 0 }];
  return Buffer.from(zipSync(zippable, { level: 9, mem: 12 }));
}

/** `rows` rows of a plan lesson each, all alike but their number (what an 18 KB bomb holds). */
export function manyRowsBomb(rows = 100_000): Buffer {
  const parts: string[] = [];
  for (let r = 1; r <= rows; r++)
    parts.push(
      `<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="B${r}" t="s"><v>0</v></c><c r="C${r}"><v>1</v></c><c r="D${r}"><v>1</v></c></row>`,
    );
  return workbook(
    parts.join(''),
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="1" uniqueCount="1"><si><t>Тақырып</t></si></sst>`,
  );
}

/** One cell of `chars` letters in the shared strings (67 KB on disk for 50 MB inside). */
export function bigCellBomb(chars = 50 * 1024 * 1024, letter = 'A'): Buffer {
  return workbook(
    `<row r="1"><c r="A1"><v>1</v></c><c r="B1" t="s"><v>0</v></c><c r="C1"><v>1</v></c><c r="D1"><v>1</v></c></row>`,
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="1" uniqueCount="1"><si><t>${letter.repeat(chars)}</t></si></sst>`,
  );
}

/** A workbook of `entries` tiny parts besides the sheet (a zip of many files). */
export function manyEntriesBomb(entries = 2000): Buffer {
  const extra: Record<string, string> = {};
  for (let i = 0; i < entries; i++) extra[`xl/media/image${i}.png`] = 'x';
  return workbook(`<row r="1"><c r="A1"><v>1</v></c></row>`, null, extra);
}
